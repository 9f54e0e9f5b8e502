import { QUIZ_LIMITS } from '@incentive/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './open-answer.module.css';

/** The free-text answer of an open question: a plain labelled textarea (light on a phone's download). */
export function OpenAnswer({
  questionId,
  value,
  onChange,
  error,
}: {
  questionId: number;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = `question-${questionId}-open`;
  const errorId = `${id}-error`;
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {t('quizPh.take.openLabel')}
      </label>
      <textarea
        id={id}
        className={classes.textarea}
        rows={4}
        maxLength={QUIZ_LIMITS.openAnswer}
        placeholder={t('quizPh.take.openPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-error={error ? true : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
