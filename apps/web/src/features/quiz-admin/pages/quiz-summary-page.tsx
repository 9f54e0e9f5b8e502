import type { Quiz } from '@incentive/contracts';
import {
  Alert,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { ApiError, failureOf } from '../../../lib/api-client.ts';
import { buildFormData } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { useQuiz } from '../api/get-quiz.ts';
import { useSubmitQuizDetails } from '../api/submit-quiz-details.ts';
import { DateField, QuizDatesProvider } from '../components/date-field.tsx';
import { EditableField, ReadValue } from '../components/editable-field.tsx';
import { type GeneralErrors, GeneralFields } from '../components/general-fields.tsx';
import { draftFromQuiz, type GeneralDraft, isBlankHtml } from '../lib/quiz-draft.ts';
import { serverFieldErrors } from '../lib/server-errors.ts';
import { quizAdminStrings } from '../lib/strings.ts';
import { apiDate, type SummaryValues, summaryFromQuiz } from '../lib/summary-values.ts';

registerStrings(quizAdminStrings);

type SummaryErrors = Partial<
  Record<'date_from' | 'date_to' | 'price' | 'correct_answers' | 'is_one_time' | 'is_survey', string>
>;

/** `/quiz/{id}/summary` (SPEC.md sections 2, 4, 5): the last form; saving it activates the quiz. */
export function QuizSummaryPage() {
  const id = parseId(useParams().id);
  const quiz = useQuiz(id);
  // SPEC.md section 8: a failed load goes back a screen, to the quiz's editor.
  useLoadFailureRedirect(quiz.error, 'quiz.toast.errorDetails', id === null ? paths.quiz() : paths.quizEdit(id));
  if (id === null) return <Navigate to={paths.quiz()} replace />;
  if (!quiz.data) return <PageLoader />;
  return (
    <QuizDatesProvider>
      <SummaryForm key={id} quiz={quiz.data} />
    </QuizDatesProvider>
  );
}

/** Two exclusive choices (yes / no) of the summary. */
function YesNoChoice({ label, value, onChange }: { label: string; value: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Radio.Group label={label} value={value ? 'yes' : 'no'} onChange={(v) => onChange(v === 'yes')}>
        <Group gap="lg" mt={6}>
          <Radio value="yes" label={t('common.yes')} />
          <Radio value="no" label={t('common.no')} />
        </Group>
      </Radio.Group>
    </Paper>
  );
}

function SummaryForm({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitQuizDetails();
  const [general, setGeneral] = useState<GeneralDraft>(() => draftFromQuiz(quiz).general);
  const [values, setValues] = useState<SummaryValues>(() => summaryFromQuiz(quiz));
  const [generalErrors, setGeneralErrors] = useState<GeneralErrors>({});
  const [errors, setErrors] = useState<SummaryErrors>({});
  const [questionProblem, setQuestionProblem] = useState<string | null>(null);
  const set = (patch: Partial<SummaryValues>) => setValues((v) => ({ ...v, ...patch }));

  const labels = {
    dateFrom: t('quizAdmin.summary.dateFrom'),
    dateTo: t('quizAdmin.summary.dateTo'),
    price: t('quizAdmin.summary.price'),
    correctAnswers: t('quizAdmin.summary.correctAnswers'),
  };

  /** SPEC.md section 5: the reward and both dates; the general fields as in the editor. */
  const validate = (): boolean => {
    const g: GeneralErrors = {};
    if (!general.name.trim()) g.name = t('quiz.nameRequired');
    if (!general.lead.trim()) g.lead = t('quiz.leadRequired');
    if (isBlankHtml(general.text)) g.text = t('quiz.textRequired');
    setGeneralErrors(g);
    const e: SummaryErrors = {};
    if (values.price === '' || values.price === null) e.price = t('quiz.priceRequired');
    if (!values.dateFrom || !values.dateTo) {
      if (!values.dateFrom) e.date_from = t('quiz.datesRequired');
      if (!values.dateTo) e.date_to = t('quiz.datesRequired');
    }
    const required = Number(values.correctAnswers);
    if (values.correctAnswers === '') e.correct_answers = t('quiz.correctAnswersInvalid');
    else if (!values.isSurvey && required < 1) e.correct_answers = t('quizAdmin.check.tooFew');
    else if (required > quiz.answers_count)
      e.correct_answers = t('quizAdmin.check.aboveCount', { count: quiz.answers_count });
    setErrors(e);
    const first = g.name ?? g.lead ?? g.text ?? e.price ?? e.date_from ?? e.date_to ?? e.correct_answers;
    if (first)
      toastError(
        first === g.name || first === g.lead || first === g.text ? t('quizAdmin.toast.missingGeneral') : first,
      );
    return !first;
  };

  const save = () => {
    if (submit.isPending || !validate()) return;
    const body = buildFormData({
      name: general.name.trim(),
      lead: general.lead.trim(),
      text: general.text,
      video_url: general.videoUrl.trim(),
      image: general.image,
      date_from: apiDate(values.dateFrom as string, 'start'),
      date_to: apiDate(values.dateTo as string, 'end'),
      is_one_time: values.isOneTime,
      price: String(values.price),
      is_survey: values.isSurvey,
      correct_answers: Number(values.correctAnswers),
    });
    submit.mutate(
      { id: quiz.id, body },
      {
        onSuccess: (saved) => {
          toastSuccess(saved.message || t('quizAdmin.toast.activated'));
          navigate(paths.quiz());
        },
        onError: (err) => {
          const f = serverFieldErrors(failureOf(err));
          // A question's problem (no text, no correct answer) is fixed in the editor: say which, with a link.
          const questionKey = Object.keys(f).find((k) => k.startsWith('questions.'));
          setQuestionProblem(questionKey ? (f[questionKey] ?? null) : null);
          setGeneralErrors({ name: f.name, lead: f.lead, text: f.text, video_url: f.video_url, image: f.image });
          setErrors({
            date_from: f.date_from,
            date_to: f.date_to,
            price: f.price,
            correct_answers: f.correct_answers,
          });
          toastFailure(err instanceof ApiError ? err.result : null, 'quiz.toast.errorEdit');
        },
      },
    );
  };

  const readDate = (d: string | null): ReactNode => <ReadValue>{d ? d.split('-').reverse().join('.') : ''}</ReadValue>;

  return (
    <Container size={960} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('quizAdmin.summary.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t(
              quiz.has_pending_edit
                ? 'quizAdmin.summary.introPending'
                : quiz.is_active
                  ? 'quizAdmin.summary.introLive'
                  : quiz.start_at !== null
                    ? 'quizAdmin.summary.introActive'
                    : 'quizAdmin.summary.intro',
            )}
          </Text>
        </Stack>
        {questionProblem && (
          <Alert color="red" variant="light" role="alert" data-testid="summary-question-problem">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{questionProblem}</Text>
              <Button component={Link} to={paths.quizEdit(quiz.id)} size="xs" variant="light" color="red">
                {t('quizAdmin.summary.fixQuestions')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="md">
            <GeneralFields
              value={general}
              onChange={(patch) => setGeneral((g) => ({ ...g, ...patch }))}
              currentImage={quiz.image}
              editing={false}
              errors={generalErrors}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <EditableField
                label={labels.dateFrom}
                value={values.dateFrom}
                onChange={(dateFrom) => set({ dateFrom })}
                empty={null}
                initiallyEditing
                read={readDate(values.dateFrom)}
                error={errors.date_from}
              >
                <DateField
                  label={labels.dateFrom}
                  value={values.dateFrom}
                  onChange={(dateFrom) => set({ dateFrom })}
                  error={errors.date_from}
                />
              </EditableField>
              <EditableField
                label={labels.dateTo}
                value={values.dateTo}
                onChange={(dateTo) => set({ dateTo })}
                empty={null}
                initiallyEditing
                read={readDate(values.dateTo)}
                error={errors.date_to}
              >
                <DateField
                  label={labels.dateTo}
                  value={values.dateTo}
                  onChange={(dateTo) => set({ dateTo })}
                  error={errors.date_to}
                  minDate={values.dateFrom ?? undefined}
                />
              </EditableField>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <EditableField
                label={labels.price}
                value={values.price}
                onChange={(price) => set({ price })}
                empty=""
                initiallyEditing
                read={<ReadValue>{values.price === '' ? '' : `${values.price} zł`}</ReadValue>}
                error={errors.price}
              >
                <NumberInput
                  aria-label={labels.price}
                  value={values.price}
                  onChange={(price) => set({ price })}
                  min={0}
                  decimalScale={2}
                  decimalSeparator=","
                  allowNegative={false}
                  suffix=" zł"
                  error={errors.price}
                />
              </EditableField>
              <EditableField
                label={labels.correctAnswers}
                value={values.correctAnswers}
                onChange={(correctAnswers) => set({ correctAnswers })}
                empty=""
                initiallyEditing
                read={<ReadValue>{String(values.correctAnswers)}</ReadValue>}
                error={errors.correct_answers}
              >
                <NumberInput
                  aria-label={labels.correctAnswers}
                  description={t('quizAdmin.summary.questionsCount', { count: quiz.answers_count })}
                  value={values.correctAnswers}
                  onChange={(correctAnswers) => set({ correctAnswers })}
                  min={0}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  error={errors.correct_answers}
                />
              </EditableField>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <YesNoChoice
                label={t('quizAdmin.summary.oneTime')}
                value={values.isOneTime}
                onChange={(isOneTime) => set({ isOneTime })}
              />
              <YesNoChoice
                label={t('quizAdmin.summary.survey')}
                value={values.isSurvey}
                onChange={(isSurvey) => set({ isSurvey })}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                onClick={save}
                loading={submit.isPending}
                size="md"
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              >
                {t('quizAdmin.summary.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
