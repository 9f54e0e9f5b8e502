import type { RepQuiz } from '@incentive/contracts';
import classes from './answer-choices.module.css';

type Question = RepQuiz['questions'][number];

/** A, B, C… (SPEC.md section 9: answers are lettered from A). */
export const letterOf = (index: number) => String.fromCharCode(65 + index);

/**
 * The answers of a closed question as large cards around native radio buttons: the whole card is
 * the touch target, and the browser gives radio semantics and arrow-key moves for free (and no
 * component library code in a phone's download).
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
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={errorId} className={classes.group}>
      {question.answers.map((answer, i) => {
        const checked = value === answer.id;
        return (
          <label key={answer.id} className={classes.card} data-checked={checked || undefined}>
            <span className={classes.letter} aria-hidden>
              {letterOf(i)}
            </span>
            <span className={classes.text}>
              <span className={classes.visuallyHidden}>{letterOf(i)}. </span>
              {answer.answer_text}
            </span>
            <input
              type="radio"
              className={classes.input}
              name={`question-${question.id}`}
              value={answer.id}
              checked={checked}
              onChange={() => onChange(answer.id)}
            />
          </label>
        );
      })}
    </div>
  );
}
