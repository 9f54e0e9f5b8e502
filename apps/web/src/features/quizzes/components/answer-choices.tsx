import type { RepQuiz } from '@incentive/contracts';
import { Group, Radio, Stack, Text } from '@mantine/core';
import classes from './answer-choices.module.css';

type Question = RepQuiz['questions'][number];

/** A, B, C… (SPEC.md section 9: answers are lettered from A). */
export const letterOf = (index: number) => String.fromCharCode(65 + index);

/**
 * The answers of a closed question as large radio cards: the whole card is the touch target,
 * arrow keys move between them (radio semantics), and the letter comes before the text.
 */
export function AnswerChoices({
  question,
  value,
  onChange,
  labelledBy,
  errorId,
}: {
  question: Question;
  value: number | undefined;
  onChange: (answerId: number) => void;
  labelledBy: string;
  errorId?: string;
}) {
  return (
    <Radio.Group
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      name={`question-${question.id}`}
      aria-labelledby={labelledBy}
      aria-describedby={errorId}
    >
      <Stack gap="sm">
        {question.answers.map((answer, i) => (
          <Radio.Card key={answer.id} value={String(answer.id)} radius="md" className={classes.card}>
            <Group wrap="nowrap" gap="md" align="center">
              <Text component="span" className={classes.letter} aria-hidden>
                {letterOf(i)}
              </Text>
              <Text component="span" className={classes.text}>
                <span className={classes.visuallyHidden}>{letterOf(i)}. </span>
                {answer.answer_text}
              </Text>
              <Radio.Indicator className={classes.indicator} />
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
