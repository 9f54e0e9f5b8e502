/*
 * Quizzes and surveys (SPEC.md sections 2, 3, 4, 5, 7): what the back office sends to author a quiz,
 * what a rep receives to take one (never which answers are correct), the submission and its grade,
 * and the results a quiz manager reads. The server grades; the client only shows.
 */
import { z } from 'zod';
import { moneySchema, textSchema } from './common.ts';
import { imageSchema } from './media.ts';
import { MAX_PAGE, MAX_SEARCH, pagedQuerySchema } from './paging.ts';

// The limits live in a module without zod: the rep's pages read them, and zod stays out of a phone's download.
import { POINTS_PER_QUESTION, QUIZ_LIMITS, REP_QUIZ_PAGE_SIZE } from './quiz-limits.ts';

export { POINTS_PER_QUESTION, QUIZ_LIMITS, REP_QUIZ_PAGE_SIZE };

/** `multiple_choice` is a closed question (answers A, B, C…), `text` an open one (free text, counts as correct when filled). */
export const QUESTION_TYPES = ['multiple_choice', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const requiredText = (key: string, max: number) =>
  textSchema(key).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

/** A form's yes/no: multipart sends strings, JSON sends booleans or 0/1 (SPEC.md: is_correct is boolean or 0/1). */
export const formBooleanSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], {
    error: 'validation.booleanInvalid',
  })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** An optional id of an existing row (edit); new rows carry none, 0 or a negative placeholder. */
const existingIdSchema = z
  .number({ error: 'validation.idInvalid' })
  .int({ error: 'validation.idInvalid' })
  .max(2_147_483_647, { error: 'validation.idInvalid' })
  .nullish()
  .transform((v) => (v && v > 0 ? v : null));

export const answerInputSchema = z.object({
  id: existingIdSchema,
  answerText: requiredText('quiz.answerTextRequired', QUIZ_LIMITS.answerText),
  isCorrect: formBooleanSchema.nullish().transform((v) => v === true),
});

export const questionInputSchema = z
  .object({
    id: existingIdSchema,
    questionText: requiredText('quiz.questionTextRequired', QUIZ_LIMITS.questionText),
    type: z.enum(QUESTION_TYPES, { error: 'quiz.questionTypeInvalid' }),
    /** Always 10 (SPEC.md section 9); anything else is refused rather than silently changed. */
    points: z.literal(POINTS_PER_QUESTION, { error: 'quiz.pointsInvalid' }).default(POINTS_PER_QUESTION),
    answers: z.array(answerInputSchema, { error: 'quiz.answersInvalid' }).max(QUIZ_LIMITS.maxAnswers, {
      error: 'quiz.tooManyAnswers',
    }),
  })
  // A closed question needs something to choose; an open one has no answer list (its answers are ignored).
  .refine((q) => q.type === 'text' || q.answers.length > 0, { error: 'quiz.answersRequired', path: ['answers'] })
  .transform((q) => (q.type === 'text' ? { ...q, answers: [] } : q));
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionInputParsed = z.output<typeof questionInputSchema>;

/** The `questions` multipart field: a JSON array of 1 to 100 questions. */
export const questionsFieldSchema = z
  .string({ error: 'quiz.questionsInvalid' })
  .max(2_000_000, { error: 'quiz.questionsInvalid' })
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'quiz.questionsInvalid' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(questionInputSchema, { error: 'quiz.questionsInvalid' })
      .min(QUIZ_LIMITS.minQuestions, { error: 'quiz.questionsRequired' })
      .max(QUIZ_LIMITS.maxQuestions, { error: 'quiz.tooManyQuestions' }),
  );

/** An optional http(s) link to a video (YouTube, Vimeo or a file); empty is none. */
export const videoUrlSchema = textSchema('quiz.videoUrlInvalid')
  .trim()
  .max(QUIZ_LIMITS.videoUrl, { error: 'validation.tooLong' })
  .nullish()
  .transform((v) => v || null)
  .pipe(z.url({ protocol: /^https?$/, error: 'quiz.videoUrlInvalid' }).nullable());

/**
 * The text fields of POST /api/quiz and POST /api/quiz/{id}/packed-update (multipart/form-data).
 * The image travels as the file part `image`; a text field `image` with an empty value removes the
 * current image; no `image` at all keeps it.
 */
export const quizContentFieldsSchema = z.object({
  name: requiredText('quiz.nameRequired', QUIZ_LIMITS.name),
  lead: requiredText('quiz.leadRequired', QUIZ_LIMITS.lead),
  text: requiredText('quiz.textRequired', QUIZ_LIMITS.text),
  video_url: videoUrlSchema,
  questions: questionsFieldSchema,
});
export type QuizContentFields = z.output<typeof quizContentFieldsSchema>;

/**
 * A date of the summary form: SPEC.md sends 'YYYY.MM.DD HH:mm:ss'; ISO 8601 is accepted too.
 * Read as Europe/Warsaw wall time when it has no offset (the programme runs in Poland).
 */
export const QUIZ_DATE_FORMAT = 'YYYY.MM.DD HH:mm:ss';
const quizDateSchema = (requiredKey: string) =>
  textSchema(requiredKey)
    .trim()
    .min(1, { error: requiredKey, abort: true })
    .regex(/^\d{4}[.-]\d{2}[.-]\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/, {
      error: 'quiz.dateInvalid',
    });

/** A reward in PLN: 0 or more, at most two decimals, '12,50' or '12.50'. */
export const priceSchema = z
  .union([z.number(), textSchema('quiz.priceRequired')], { error: 'quiz.priceRequired' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(',', '.')))
  .pipe(
    z
      .string()
      .min(1, { error: 'quiz.priceRequired', abort: true })
      .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'quiz.priceInvalid', abort: true })
      .refine((s) => Number(s) <= QUIZ_LIMITS.maxPrice, { error: 'quiz.priceTooLarge' }),
  );

/** POST /api/quiz/{id}/submit-details (multipart/form-data; the image as for the content fields). Saving it activates the quiz. */
export const quizDetailsFieldsSchema = z.object({
  name: requiredText('quiz.nameRequired', QUIZ_LIMITS.name),
  lead: requiredText('quiz.leadRequired', QUIZ_LIMITS.lead),
  text: requiredText('quiz.textRequired', QUIZ_LIMITS.text),
  video_url: videoUrlSchema,
  date_from: quizDateSchema('quiz.datesRequired'),
  date_to: quizDateSchema('quiz.datesRequired'),
  is_one_time: formBooleanSchema.default(true),
  price: priceSchema,
  is_survey: formBooleanSchema.default(false),
  correct_answers: z.coerce
    .number({ error: 'quiz.correctAnswersInvalid' })
    .int({ error: 'quiz.correctAnswersInvalid' })
    .min(0, { error: 'quiz.correctAnswersInvalid' })
    .max(QUIZ_LIMITS.maxQuestions, { error: 'quiz.correctAnswersTooMany' }),
});
export type QuizDetailsFields = z.output<typeof quizDetailsFieldsSchema>;

/** Answer of create, packed-update and submit-details. */
export const quizSavedSchema = z.object({ quiz_id: z.number().int(), message: z.string() });

export const answerSchema = z.object({ id: z.number().int(), answer_text: z.string() });
export const answerWithCorrectnessSchema = answerSchema.extend({ is_correct: z.boolean() });

const questionBase = z.object({
  id: z.number().int(),
  question_text: z.string(),
  type: z.enum(QUESTION_TYPES),
  points: z.number().int(),
});
/** A question as a quiz manager reads it, with the correct answers. */
export const quizQuestionSchema = questionBase.extend({ answers: z.array(answerWithCorrectnessSchema) });
/** A question as a rep receives it: no correctness anywhere. */
export const repQuizQuestionSchema = questionBase.extend({ answers: z.array(answerSchema) });

const quizBase = z.object({
  id: z.number().int(),
  name: z.string(),
  lead: z.string(),
  /** Sanitized HTML. */
  text: z.string(),
  video_url: z.string().nullable(),
  image: imageSchema.nullable(),
  /** The reward in PLN. */
  value: moneySchema,
  /** Required correct answers to pass. */
  correct_answers: z.number().int(),
  /** The number of questions. */
  answers_count: z.number().int(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  is_one_time: z.boolean(),
  is_questionnaire: z.boolean(),
  created_at: z.string(),
});

/** Where a rep stands with a quiz: passed (reward earned), or failed its one attempt, or may (re)take it. */
export const repQuizStatusSchema = z.object({
  attempts: z.number().int(),
  passed: z.boolean(),
  /** True when the rep can no longer take it (passed, or a one-time quiz already attempted). */
  done: z.boolean(),
  can_take: z.boolean(),
});
export type RepQuizStatus = z.infer<typeof repQuizStatusSchema>;

/** GET /api/quiz/{id} for a quiz manager (the editor and the summary). */
export const quizSchema = quizBase.extend({
  /** False until its first summary is saved; an edit never makes it false again. */
  is_active: z.boolean(),
  /** The version shown here, the one the editor edits (docs/decisions/043). */
  version: z.number().int(),
  /** The version reps see, take and are graded on; null before the first summary. */
  live_version: z.number().int().nullable(),
  /** An edit of a live quiz waits for its summary: reps still see live_version. */
  has_pending_edit: z.boolean(),
  attempts_count: z.number().int(),
  questions: z.array(quizQuestionSchema),
});
export type Quiz = z.infer<typeof quizSchema>;

/** GET /api/quiz/{id} for a rep: an active quiz within its dates, without correctness. */
export const repQuizSchema = quizBase.extend({
  /** The version the rep answers: the submit sends it back (docs/decisions/043). */
  version: z.number().int(),
  status: repQuizStatusSchema,
  questions: z.array(repQuizQuestionSchema),
});
export type RepQuiz = z.infer<typeof repQuizSchema>;

export const QUIZ_SORT_FIELDS = ['id', 'name', 'start_at', 'end_at', 'value', 'created_at'] as const;

/** GET /api/quiz: per_page also takes the rep list's 4. */
export const quizListQuerySchema = pagedQuerySchema(QUIZ_SORT_FIELDS, 'id').extend({
  per_page: z.coerce
    .number({ error: 'validation.perPageInvalid' })
    .refine((n) => [REP_QUIZ_PAGE_SIZE, 10, 25, 50, 100].includes(n), { error: 'validation.perPageInvalid' })
    .default(10),
});
export type QuizListQuery = z.infer<typeof quizListQuerySchema>;

/** A row of the back office's quiz list. */
export const quizListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lead: z.string(),
  image: imageSchema.nullable(),
  video_url: z.string().nullable(),
  value: moneySchema,
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  is_one_time: z.boolean(),
  is_questionnaire: z.boolean(),
  is_active: z.boolean(),
  answers_count: z.number().int(),
  attempts_count: z.number().int(),
  created_at: z.string(),
});
export type QuizListRow = z.infer<typeof quizListRowSchema>;

/** A card of the rep's quiz list (/quiz-ph): active quizzes within their dates. */
export const repQuizListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lead: z.string(),
  image: imageSchema.nullable(),
  video_url: z.string().nullable(),
  value: moneySchema,
  end_at: z.string().nullable(),
  is_one_time: z.boolean(),
  is_questionnaire: z.boolean(),
  answers_count: z.number().int(),
  status: repQuizStatusSchema,
});
export type RepQuizListItem = z.infer<typeof repQuizListItemSchema>;

/** POST /api/quiz/{id}/submit: one answer per question. A closed question names its answer, an open one carries text. */
export const quizSubmitBodySchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.number({ error: 'quiz.answerInvalid' }).int().min(1).max(2_147_483_647),
        answerId: z.number({ error: 'quiz.answerInvalid' }).int().min(1).max(2_147_483_647).nullish(),
        answerText: textSchema('quiz.answerInvalid')
          .trim()
          .max(QUIZ_LIMITS.openAnswer, { error: 'validation.tooLong' })
          .nullish(),
      }),
      { error: 'quiz.answersMissing' },
    )
    .min(1, { error: 'quiz.answersMissing' })
    .max(QUIZ_LIMITS.maxQuestions, { error: 'quiz.answersMissing' }),
  /** The version of the quiz the rep answered (GET /api/quiz/{id}'s version); without it, the live one. */
  version: z.number({ error: 'quiz.answerInvalid' }).int().min(1).max(2_147_483_647).optional(),
});
export type QuizSubmitBody = z.input<typeof quizSubmitBodySchema>;

/** The grade (SPEC.md: correctAnswersCount, requiredCorrectAnswers) and what it meant. */
export const quizSubmitResultSchema = z.object({
  correctAnswersCount: z.number().int(),
  requiredCorrectAnswers: z.number().int(),
  questionsCount: z.number().int(),
  /** Correct answers reached the required count, or the quiz is a survey. */
  passed: z.boolean(),
  /** PLN credited by this attempt: the reward the first time the rep passes, else 0.00. */
  reward: moneySchema,
  /** A quiz that is not one-time and was not passed can be taken again. */
  can_repeat: z.boolean(),
  /**
   * The questions answered wrong (1-based numbers and texts), only when the quiz may be repeated
   * (can_repeat); empty otherwise. Never which answer is right.
   */
  wrong_questions: z.array(z.object({ number: z.number().int(), question_text: z.string() })),
});
export type QuizSubmitResult = z.infer<typeof quizSubmitResultSchema>;

/** GET /api/quiz/{id}/results: how a quiz went, for its managers. */
export const quizResultsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_questionnaire: z.boolean(),
  value: moneySchema,
  attempts: z.number().int(),
  /** Reps who took it at least once. */
  reps: z.number().int(),
  passed_attempts: z.number().int(),
  /** Passed attempts / attempts, 0 to 1 (0 without attempts). */
  pass_rate: z.number(),
  rewards_count: z.number().int(),
  rewards_paid: moneySchema,
  questions: z.array(
    questionBase.extend({
      answers: z.array(answerWithCorrectnessSchema.extend({ count: z.number().int() })),
      /** Open questions: how many answers were typed (read them with the open-answers list). */
      open_answers_count: z.number().int(),
    }),
  ),
});
export type QuizResults = z.infer<typeof quizResultsSchema>;

/** GET /api/quiz/{id}/open-answers: the typed answers of one open question, newest first. */
export const openAnswersQuerySchema = z.object({
  question_id: z.coerce.number({ error: 'validation.idInvalid' }).int().min(1).max(2_147_483_647),
  page: z.coerce.number({ error: 'validation.pageInvalid' }).int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce
    .number({ error: 'validation.perPageInvalid' })
    .refine((n) => [10, 25, 50, 100].includes(n), { error: 'validation.perPageInvalid' })
    .default(10),
  search: textSchema().trim().max(MAX_SEARCH, { error: 'validation.searchTooLong' }).optional(),
});
export const openAnswerSchema = z.object({
  attempt_id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  answer_text: z.string(),
  created_at: z.string(),
});

export const QUIZ_ATTEMPT_SORT_FIELDS = ['id', 'created_at', 'quiz_name', 'correct_answers_count', 'reward'] as const;
/** GET /api/users/{id}/quiz: a rep's attempts for the quiz tab of the rep details. */
export const userQuizAttemptsQuerySchema = pagedQuerySchema(QUIZ_ATTEMPT_SORT_FIELDS, 'created_at').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});
export const quizAttemptRowSchema = z.object({
  id: z.number().int(),
  quiz_id: z.number().int(),
  quiz_name: z.string(),
  is_questionnaire: z.boolean(),
  created_at: z.string(),
  correct_answers_count: z.number().int(),
  required_correct_answers: z.number().int(),
  questions_count: z.number().int(),
  passed: z.boolean(),
  /** PLN credited by this attempt. */
  reward: moneySchema,
});
export type QuizAttemptRow = z.infer<typeof quizAttemptRowSchema>;
