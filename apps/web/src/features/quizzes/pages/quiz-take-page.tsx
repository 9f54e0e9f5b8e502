import type { QuizSubmitBody, RepQuiz } from '@incentive/contracts';
import { Alert, Button, Card, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import { ApiError, failureOf } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useRepQuiz } from '../api/get-rep-quiz.ts';
import { useSubmitQuiz } from '../api/submit-quiz.ts';
import { AnswerChoices } from '../components/answer-choices.tsx';
import { OpenAnswer } from '../components/open-answer.tsx';
import { QuestionHtml } from '../components/question-html.tsx';
import { QuizIntro } from '../components/quiz-intro.tsx';
import { useLoadFailureRedirect } from '../hooks.ts';
import { outcomeState } from '../quiz-outcome.ts';
import classes from './quiz-take-page.module.css';

/** A rep's answer to one question: the chosen answer of a closed one, the text of an open one. */
type Answer = { answerId?: number; answerText?: string };

const NOT_A_QUIZ = new Error('not a quiz id');

/**
 * `/quiz-ph/{id}`: what the quiz is about (lead, text, video) and a start button, then the quiz,
 * one question at a time (SPEC.md sections 2, 4, 5; issue 27 point 3).
 */
export function QuizTakePage() {
  const { id } = useParams();
  const quizId = parseId(id);
  const { data: quiz, error } = useRepQuiz(quizId);
  useLoadFailureRedirect(quizId === null ? NOT_A_QUIZ : error, 'quiz.toast.errorDetails', paths.quizPh());
  const queryClient = useQueryClient();
  // The server's word that the quiz changed under the rep (a 409): shown above the quiz's new version.
  const [changed, setChanged] = useState<string | null>(null);
  // Each round of the steps keeps the version it opened; a 409 starts a new round on the live one.
  const [round, setRound] = useState(0);
  const onChanged = (message: string) => {
    setChanged(message);
    void queryClient
      .refetchQueries({ queryKey: queryKey('quizzes.rep-quiz', quizId) })
      .then(() => setRound((r) => r + 1));
  };

  if (!quiz)
    return (
      <Center py="xl">
        <Loading />
      </Center>
    );
  return <QuizSteps key={`${quiz.id}-${round}`} initial={quiz} changed={changed} onChanged={onChanged} />;
}

function QuizSteps({
  initial,
  changed,
  onChanged,
}: {
  initial: RepQuiz;
  changed: string | null;
  onChanged: (message: string) => void;
}) {
  // The version the rep opened stays on screen (and is the one submitted) even when a refetch
  // brings a newer one: the server grades the answers on it (docs/decisions/043).
  const [quiz] = useState(initial);
  const { t } = useTranslation();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const submit = useSubmitQuiz();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After the submit the quiz's status is fetched again (now done): keep the questions on screen until we leave.
  const [started] = useState(quiz.status.can_take);
  // The intro (lead, text, video) comes first; the start button opens the first question.
  const [introDone, setIntroDone] = useState(false);

  const total = quiz.questions.length;
  const question = quiz.questions[index];
  const header = (
    <Stack gap={4}>
      <Text c="dimmed" fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {quiz.name}
      </Text>
      <Title order={1} fz={{ base: 24, sm: 30 }} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {t('quizPh.take.toWin', { amount: money(quiz.value) })}
      </Title>
    </Stack>
  );

  if (!started || !question)
    return (
      <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          {header}
          <Card withBorder radius="md" padding="lg" role="status">
            <Text fw={700} mb={4}>
              {t('quizPh.take.cannotTake')}
            </Text>
            <Text>
              {t(
                quiz.status.passed
                  ? 'quiz.alreadyPassed'
                  : quiz.status.done
                    ? 'quiz.oneTimeTaken'
                    : total === 0
                      ? 'quizPh.take.noQuestions'
                      : 'quiz.notActive',
              )}
            </Text>
          </Card>
          <Group>
            <Button component={Link} to={paths.quizPh()} variant="light" leftSection={<IconArrowLeft size={18} />}>
              {t('quizPh.backToList')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );

  const changedAlert = changed && (
    <Alert color="orange" variant="light" role="alert">
      {changed}
    </Alert>
  );

  if (!introDone)
    return (
      <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          {header}
          {changedAlert}
          <QuizIntro
            quiz={quiz}
            onStart={() => {
              setIntroDone(true);
              window.scrollTo({ top: 0 });
              requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: true }));
            }}
          />
        </Stack>
      </Container>
    );

  const current = answers[question.id] ?? {};
  const isOpen = question.type === 'text';
  const isLast = index === total - 1;
  const answered = isOpen ? (current.answerText ?? '').trim().length > 0 : current.answerId !== undefined;
  const errorId = `question-${question.id}-error`;

  const setAnswer = (answer: Answer) => {
    setAnswers((prev) => ({ ...prev, [question.id]: answer }));
    setError(null);
  };

  const go = (next: number) => {
    setIndex(next);
    setError(null);
    // A new question: back to its top, and focus to the heading for screen readers.
    window.scrollTo({ top: 0, behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  };

  const onNext = () => {
    if (!answered) {
      setError(t(isOpen ? 'quiz.openAnswerRequired' : 'quiz.answerRequired'));
      return;
    }
    if (!isLast) {
      go(index + 1);
      return;
    }
    if (submit.isPending) return;
    const body: QuizSubmitBody = {
      // The version these questions are of: the server grades on it even if a newer one went live since.
      version: quiz.version,
      answers: quiz.questions.map((q) => {
        const a = answers[q.id] ?? {};
        return q.type === 'text'
          ? { questionId: q.id, answerText: (a.answerText ?? '').trim() }
          : { questionId: q.id, answerId: a.answerId ?? null };
      }),
    };
    submit.mutate(
      { quizId: quiz.id, body },
      {
        onSuccess: (result) =>
          navigate(paths.quizPhSummary(), {
            state: outcomeState({
              quiz: {
                id: quiz.id,
                name: quiz.name,
                value: quiz.value,
                is_one_time: quiz.is_one_time,
                is_questionnaire: quiz.is_questionnaire,
              },
              answers: body.answers,
              result,
            }),
          }),
        onError: (e) => {
          // 409 "the quiz changed": its new version is loaded and shown with the server's message.
          if (e instanceof ApiError && e.result.status === 409 && e.result.payload?.message) {
            onChanged(e.result.payload.message);
            return;
          }
          toastFailure(failureOf(e), 'quiz.toast.errorSaveAnswers');
        },
      },
    );
  };

  const questionLabelId = `question-${question.id}-text`;
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        {header}
        {changedAlert}
        <Stack gap={6}>
          <Text fw={700} aria-live="polite">
            {t('quizPh.take.counter', { current: index + 1, total })}
          </Text>
          <div className={classes.progress} aria-hidden>
            <div className={classes.progressBar} style={{ width: `${((index + 1) / total) * 100}%` }} />
          </div>
        </Stack>
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <QuestionHtml id={questionLabelId} html={question.question_text} />
            {isOpen ? (
              <OpenAnswer
                questionId={question.id}
                value={current.answerText ?? ''}
                onChange={(answerText) => setAnswer({ answerText })}
                error={error}
              />
            ) : (
              <AnswerChoices
                question={question}
                value={current.answerId}
                onChange={(answerId) => setAnswer({ answerId })}
                labelledBy={questionLabelId}
                errorId={error ? errorId : undefined}
              />
            )}
            {error && !isOpen && (
              <p id={errorId} role="alert" className={classes.error}>
                {error}
              </p>
            )}
          </Stack>
        </Card>
        <Group grow gap="sm">
          <Button
            variant="default"
            size="md"
            disabled={index === 0 || submit.isPending}
            onClick={() => go(index - 1)}
            leftSection={<IconArrowLeft size={18} />}
          >
            {t('quizPh.take.back')}
          </Button>
          <Button
            size="md"
            onClick={onNext}
            loading={submit.isPending}
            disabled={submit.isSuccess}
            rightSection={isLast ? <IconCheck size={18} /> : <IconArrowRight size={18} />}
          >
            {t(isLast ? 'quizPh.take.finish' : 'quizPh.take.next')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
