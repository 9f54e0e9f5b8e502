import { QUIZ_LIMITS, type QuestionType } from '@incentive/contracts';
import { Button, Group, Radio, Stack, Tabs, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { RichTextInput } from '../../../components/rich-text-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { type AnswerDraft, newAnswer, type QuestionDraft } from '../lib/quiz-draft.ts';
import { EditableField, ReadHtml, ReadValue } from './editable-field.tsx';

export const answerTabValue = (uid: number) => `a${uid}`;

/** Field errors of one question: its text, and its answers' texts by uid. */
export interface QuestionErrors {
  questionText?: string;
  answers?: Record<number, string>;
}

/**
 * One 'PYT n' tab: the rich question text, open or closed, and for a closed question the 'ODP n'
 * answer tabs, each with its correctness ('Tak'/'Nie') and text.
 */
export function QuestionPanel({
  question,
  number,
  onChange,
  answerTab,
  onAnswerTab,
  errors,
}: {
  question: QuestionDraft;
  number: number;
  onChange: (next: QuestionDraft) => void;
  answerTab: string | null;
  onAnswerTab: (value: string) => void;
  errors: QuestionErrors;
}) {
  const { t } = useTranslation();
  const textLabel = t('quizAdmin.question.text', { n: number });
  const setAnswer = (uid: number, patch: Partial<AnswerDraft>) =>
    onChange({ ...question, answers: question.answers.map((a) => (a.uid === uid ? { ...a, ...patch } : a)) });
  const addAnswer = () => {
    const answer = newAnswer();
    onChange({ ...question, answers: [...question.answers, answer] });
    onAnswerTab(answerTabValue(answer.uid));
  };
  const first = question.answers[0];
  const selected =
    question.answers.find((a) => answerTabValue(a.uid) === answerTab) !== undefined
      ? answerTab
      : first
        ? answerTabValue(first.uid)
        : null;

  return (
    <Stack gap="md">
      <EditableField
        label={textLabel}
        value={question.questionText}
        onChange={(questionText) => onChange({ ...question, questionText })}
        empty=""
        initiallyEditing={question.fresh}
        read={<ReadHtml html={question.questionText} />}
        error={errors.questionText}
      >
        <RichTextInput
          label={textLabel}
          value={question.questionText}
          onChange={(questionText) => onChange({ ...question, questionText })}
          error={errors.questionText}
        />
      </EditableField>
      <Radio.Group
        label={t('quizAdmin.question.type')}
        value={question.type}
        onChange={(type) => onChange({ ...question, type: type as QuestionType })}
      >
        <Group gap="lg" mt={6}>
          <Radio value="multiple_choice" label={t('quizAdmin.question.closed')} />
          <Radio value="text" label={t('quizAdmin.question.open')} />
        </Group>
      </Radio.Group>
      {question.type === 'multiple_choice' && (
        <Tabs value={selected} onChange={(v) => v && onAnswerTab(v)} keepMounted={false} variant="outline">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Tabs.List
              aria-label={t('quizAdmin.question.answers', { n: number })}
              style={{ flexWrap: 'wrap', flex: 1 }}
            >
              {question.answers.map((a, i) => (
                <Tabs.Tab key={a.uid} value={answerTabValue(a.uid)} c={errors.answers?.[a.uid] ? 'red.8' : undefined}>
                  {t('quizAdmin.answer.tab', { n: i + 1 })}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Button
              variant="light"
              size="xs"
              mb={4}
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addAnswer}
              disabled={question.answers.length >= QUIZ_LIMITS.maxAnswers}
              style={{ flexShrink: 0 }}
            >
              {t('quizAdmin.answer.add')}
            </Button>
          </Group>
          {question.answers.map((a, i) => (
            <Tabs.Panel key={a.uid} value={answerTabValue(a.uid)} pt="sm">
              <AnswerFields
                answer={a}
                number={i + 1}
                onChange={(patch) => setAnswer(a.uid, patch)}
                error={errors.answers?.[a.uid]}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

function AnswerFields({
  answer,
  number,
  onChange,
  error,
}: {
  answer: AnswerDraft;
  number: number;
  onChange: (patch: Partial<AnswerDraft>) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const label = t('quizAdmin.answer.text', { n: number });
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('quizAdmin.answer.correct', { n: number })}
        value={answer.isCorrect ? 'yes' : 'no'}
        onChange={(v) => onChange({ isCorrect: v === 'yes' })}
      >
        <Group gap="lg" mt={6}>
          <Radio value="yes" label={t('common.yes')} />
          <Radio value="no" label={t('common.no')} />
        </Group>
      </Radio.Group>
      <EditableField
        label={label}
        value={answer.answerText}
        onChange={(answerText) => onChange({ answerText })}
        empty=""
        initiallyEditing={answer.fresh}
        read={<ReadValue>{answer.answerText}</ReadValue>}
        error={error}
      >
        <TextInput
          aria-label={label}
          value={answer.answerText}
          maxLength={QUIZ_LIMITS.answerText}
          onChange={(e) => onChange({ answerText: e.currentTarget.value })}
          error={error}
        />
      </EditableField>
    </Stack>
  );
}
