import { QUIZ_LIMITS, type Quiz, videoUrlSchema } from '@incentive/contracts';
import { Alert, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { useEditorSave } from '../../../components/admin/use-editor-save.ts';
import type { ApiResult } from '../../../lib/api-client.ts';
import { buildFormData } from '../../../lib/form-data.ts';
import { issueKey, useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError, toastWarning } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { HistoryBelow } from '../../audit-admin/index.ts';
import { useCreateQuiz } from '../api/create-quiz.ts';
import { useQuiz } from '../api/get-quiz.ts';
import { useUpdateQuiz } from '../api/update-quiz.ts';
import { DeleteItemsDialog } from '../components/delete-items-dialog.tsx';
import { type GeneralErrors, GeneralFields } from '../components/general-fields.tsx';
import { answerTabValue, type QuestionErrors, QuestionPanel } from '../components/question-panel.tsx';
import {
  draftFromQuiz,
  EMPTY_GENERAL,
  firstProblem,
  type GeneralDraft,
  generalFilled,
  isBlankHtml,
  newQuestion,
  type QuestionDraft,
  questionsPayload,
  questionsWithoutCorrect,
} from '../lib/quiz-draft.ts';
import { serverFieldErrors } from '../lib/server-errors.ts';
import { quizAdminStrings } from '../lib/strings.ts';

registerStrings(quizAdminStrings);

const GENERAL_TAB = 'general';
const questionTab = (uid: number) => `q${uid}`;

/**
 * `/quiz/create` and `/quiz/{id}` (SPEC.md sections 2, 4, 5): General (tab 0) and the 'PYT n'
 * question tabs. Create starts every field open; edit loads the quiz first and starts them closed.
 * Saving goes on to the summary, which activates the quiz.
 */
export function QuizEditorPage() {
  const rawId = useParams().id;
  const id = rawId === 'create' || rawId === undefined ? null : parseId(rawId);
  const editing = rawId !== undefined && rawId !== 'create';
  const quiz = useQuiz(editing ? id : null);
  useLoadFailureRedirect(quiz.error, 'quiz.toast.errorDetails', paths.quiz());

  if (editing && id === null) return <Navigate to={paths.quiz()} replace />;
  if (editing && !quiz.data) return <PageLoader />;
  return (
    <>
      <Editor key={id ?? 'create'} quiz={quiz.data ?? null} />
      {id !== null && <HistoryBelow type="quiz" id={id} />}
    </>
  );
}

function Editor({ quiz }: { quiz: Quiz | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [initial] = useState(() => (quiz ? draftFromQuiz(quiz) : { general: EMPTY_GENERAL, questions: [] }));
  const [general, setGeneral] = useState<GeneralDraft>(initial.general);
  const [questions, setQuestions] = useState<QuestionDraft[]>(initial.questions);
  const [tab, setTab] = useState(GENERAL_TAB);
  const [answerTab, setAnswerTab] = useState<string | null>(null);
  const [generalErrors, setGeneralErrors] = useState<GeneralErrors>({});
  const [questionErrors, setQuestionErrors] = useState<Record<number, QuestionErrors>>({});
  const [deleteOpen, deleteDialog] = useDisclosure(false);
  const { busy, submit } = useEditorSave({
    create: useCreateQuiz(),
    update: useUpdateQuiz(),
    id: quiz?.id ?? null,
    messages: {
      created: 'quiz.toast.successCreate',
      updated: 'quiz.toast.successEdit',
      errorCreate: 'quiz.toast.errorCreate',
      errorEdit: 'quiz.toast.errorEdit',
    },
    // The server's message: an edit of a live quiz says reps keep the live version until the summary.
    onSaved: ({ quiz_id }) => navigate(paths.quizSummary(quiz_id)),
    onFailure: (result) => showServerErrors(result),
  });

  // Changing the question tab resets the answer tab to the first (SPEC.md section 4).
  const selectTab = (value: string | null) => {
    if (!value) return;
    setTab(value);
    setAnswerTab(null);
  };

  const addQuestion = () => {
    if (!generalFilled(general)) {
      toastError(t('quizAdmin.toast.missingGeneral'));
      return;
    }
    const question = newQuestion();
    setQuestions((qs) => [...qs, question]);
    selectTab(questionTab(question.uid));
  };

  const deleteQuestion = (uid: number) => {
    const rest = questions.filter((q) => q.uid !== uid);
    setQuestions(rest);
    if (rest.length === 0) {
      // The last question gone: the dialog has nothing left to list, and General is selected.
      deleteDialog.close();
      selectTab(GENERAL_TAB);
    } else if (tab === questionTab(uid)) selectTab(GENERAL_TAB);
  };

  const deleteAnswer = (questionUid: number, answerUid: number) => {
    setQuestions((qs) =>
      qs.map((q) =>
        q.uid === questionUid && q.answers.length > 1
          ? { ...q, answers: q.answers.filter((a) => a.uid !== answerUid) }
          : q,
      ),
    );
    setAnswerTab(null);
  };

  /** The client's checks (SPEC.md section 5); the first failure selects its tab. False when something is missing. */
  const validate = (): boolean => {
    const errors: GeneralErrors = {};
    if (!general.name.trim()) errors.name = t('quiz.nameRequired');
    if (!general.lead.trim()) errors.lead = t('quiz.leadRequired');
    if (isBlankHtml(general.text)) errors.text = t('quiz.textRequired');
    const video = videoUrlSchema.safeParse(general.videoUrl);
    if (!video.success) errors.video_url = t(issueKey(video.error.issues[0]?.message ?? 'quiz.videoUrlInvalid'));
    setGeneralErrors(errors);
    if (Object.keys(errors).length > 0) {
      selectTab(GENERAL_TAB);
      toastError(t('quizAdmin.toast.missingGeneral'));
      return false;
    }
    // An existing quiz that is not a survey cannot be saved with a closed question lacking a correct
    // answer (its summary would be refused); a new one may still become a survey, so it is warned.
    const problem = firstProblem(questions, { needsCorrect: quiz !== null && !quiz.is_questionnaire });
    if (!problem) {
      setQuestionErrors({});
      const missing = quiz === null ? questionsWithoutCorrect(questions) : [];
      if (missing.length > 0) toastWarning(t('quizAdmin.editor.noCorrectWarning', { numbers: missing.join(', ') }));
      return true;
    }
    if (problem.kind === 'noQuestions') {
      toastWarning(t('quiz.questionsRequired'));
      return false;
    }
    if (problem.kind === 'question') {
      selectTab(questionTab(problem.questionUid));
      setQuestionErrors({ [problem.questionUid]: { questionText: t('quiz.questionTextRequired') } });
      toastWarning(t('quiz.questionTextRequired'));
      return false;
    }
    const message =
      problem.kind === 'noCorrect'
        ? t('quizAdmin.check.noCorrect', { number: problem.number })
        : t('quiz.answerTextRequired');
    setTab(questionTab(problem.questionUid));
    setAnswerTab(answerTabValue(problem.answerUid));
    setQuestionErrors({ [problem.questionUid]: { answers: { [problem.answerUid]: message } } });
    toastWarning(message);
    return false;
  };

  /** A 422 puts its messages at the fields: the general ones, and 'questions.N.…' at question N. */
  const showServerErrors = (result: ApiResult<unknown> | null) => {
    const fields = serverFieldErrors(result);
    setGeneralErrors({
      name: fields.name,
      lead: fields.lead,
      text: fields.text,
      video_url: fields.video_url,
      image: fields.image,
    });
    const byQuestion: Record<number, QuestionErrors> = {};
    for (const [key, message] of Object.entries(fields)) {
      const m = /^questions\.(\d+)(?:\.answers\.(\d+))?/.exec(key);
      const q = m ? questions[Number(m[1])] : undefined;
      if (!m || !q) continue;
      const entry = byQuestion[q.uid] ?? {};
      byQuestion[q.uid] = entry;
      const a = m[2] === undefined ? undefined : q.answers[Number(m[2])];
      if (a) entry.answers = { ...entry.answers, [a.uid]: message };
      else entry.questionText ??= message;
    }
    setQuestionErrors(byQuestion);
    if (fields.name || fields.lead || fields.text || fields.video_url || fields.image) selectTab(GENERAL_TAB);
  };

  const save = () => {
    if (busy || !validate()) return;
    const body = buildFormData({
      name: general.name.trim(),
      lead: general.lead.trim(),
      text: general.text,
      video_url: general.videoUrl.trim(),
      // A new quiz has no image to remove.
      image: quiz === null && general.image.kind === 'remove' ? undefined : general.image,
      questions: JSON.stringify(questionsPayload(questions)),
    });
    submit(body);
  };

  const saveButton = (
    <Button onClick={save} loading={busy} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
      {t('common.save')}
    </Button>
  );

  return (
    <Container size={960} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t(quiz === null ? 'quizAdmin.editor.createTitle' : 'quizAdmin.editor.editTitle')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('quizAdmin.editor.intro')}
          </Text>
          {quiz?.live_version != null && (
            <Alert color="blue" variant="light" mt="xs" data-testid="quiz-live-note">
              {t(quiz.has_pending_edit ? 'quizAdmin.editor.pendingEdit' : 'quizAdmin.editor.liveNote')}
            </Alert>
          )}
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Tabs value={tab} onChange={selectTab} keepMounted={false}>
            <Tabs.List aria-label={t('quizAdmin.editor.tabs')} style={{ flexWrap: 'wrap' }} mb="md">
              <Tabs.Tab value={GENERAL_TAB} c={Object.values(generalErrors).some(Boolean) ? 'red.8' : undefined}>
                {t('quizAdmin.editor.general')}
              </Tabs.Tab>
              {questions.map((q, i) => (
                <Tabs.Tab key={q.uid} value={questionTab(q.uid)} c={questionErrors[q.uid] ? 'red.8' : undefined}>
                  {t('quizAdmin.question.tab', { n: i + 1 })}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={GENERAL_TAB}>
              <Stack gap="md">
                <GeneralFields
                  value={general}
                  onChange={(patch) => setGeneral((g) => ({ ...g, ...patch }))}
                  currentImage={quiz?.image ?? null}
                  editing={quiz === null}
                  errors={generalErrors}
                />
                {/* In edit mode the General tab saves by itself (SPEC.md section 2). */}
                {quiz !== null && <Group justify="flex-end">{saveButton}</Group>}
              </Stack>
            </Tabs.Panel>
            {questions.map((q, i) => (
              <Tabs.Panel key={q.uid} value={questionTab(q.uid)}>
                <QuestionPanel
                  question={q}
                  number={i + 1}
                  onChange={(next) => setQuestions((qs) => qs.map((x) => (x.uid === q.uid ? next : x)))}
                  answerTab={answerTab}
                  onAnswerTab={setAnswerTab}
                  errors={questionErrors[q.uid] ?? {}}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={addQuestion}
              disabled={questions.length >= QUIZ_LIMITS.maxQuestions}
            >
              {t('quizAdmin.editor.addQuestion')}
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={deleteDialog.open}
              disabled={questions.length === 0}
            >
              {t('quizAdmin.editor.delete')}
            </Button>
          </Group>
          {tab !== GENERAL_TAB && saveButton}
          {quiz === null && tab === GENERAL_TAB && questions.length > 0 && saveButton}
        </Group>
      </Stack>
      <DeleteItemsDialog
        opened={deleteOpen}
        onClose={deleteDialog.close}
        questions={questions}
        onDeleteQuestion={deleteQuestion}
        onDeleteAnswer={deleteAnswer}
      />
    </Container>
  );
}
