import {
  API,
  idParamSchema,
  okResponseSchema,
  openAnswerSchema,
  openAnswersQuerySchema,
  pagedSchema,
  quizAttemptRowSchema,
  quizContentFieldsSchema,
  quizDetailsFieldsSchema,
  quizListQuerySchema,
  quizListRowSchema,
  quizResultsSchema,
  quizSavedSchema,
  quizSchema,
  quizSubmitBodySchema,
  quizSubmitResultSchema,
  repQuizListItemSchema,
  repQuizSchema,
  translate,
  userQuizAttemptsQuerySchema,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, csvMoney, csvStream, formatDateTime, timeZoneOf } from '../../lib/csv.ts';
import { prefetchFirst } from '../../lib/prefetch.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/uploads.ts';
import { imageChangeOf, parseFields } from './form-fields.ts';
import * as service from './quizzes.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

const formErrors = { ...errors, ...errorAnswers(413, 415) };

/** The multipart forms' description in the API docs (their fields are the contracts' schemas, read by readForm). */
const contentForm =
  'multipart/form-data: name, lead, text (HTML, sanitized), video_url, questions (JSON: [{id?, questionText, type, points: 10, answers: [{id?, answerText, isCorrect}]}]), and the file part `image` (PNG or JPEG); a text field `image` left empty removes the image, no `image` keeps it.';

export async function quizRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['quizzes'];

  app.post(
    API.quizzes,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary: 'Create a quiz with its questions; it stays inactive until its summary is saved',
        description: contentForm,
        consumes: ['multipart/form-data'],
        response: { 201: quizSavedSchema, ...formErrors },
      },
    },
    async (req, reply) => {
      const form = await readForm(req);
      const fields = parseFields(quizContentFieldsSchema, form.fields);
      const id = await service.createQuiz(app.db, requireUser(req), fields, imageChangeOf(form));
      return reply.code(201).send({ quiz_id: id, message: translate(req.lang, 'quiz.created') });
    },
  );

  app.post(
    API.quizPackedUpdate,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary:
          'Edit a quiz and its questions: rows named by id change in place, rows left out are removed (past attempts keep them), rows without id are added. A live quiz stays live as it was: the edit is its next version, which the summary makes live (decision 043)',
        description: contentForm,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: quizSavedSchema, ...formErrors },
      },
    },
    async (req) => {
      const form = await readForm(req);
      const fields = parseFields(quizContentFieldsSchema, form.fields);
      const key = await service.updateQuizContent(app.db, requireUser(req), req.params.id, fields, imageChangeOf(form));
      return { quiz_id: req.params.id, message: translate(req.lang, key) };
    },
  );

  app.post(
    API.quizSubmitDetails,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary: "Save a quiz's summary (dates, reward, required answers, one-time, survey): this activates it",
        description:
          'multipart/form-data: name, lead, text, video_url, date_from and date_to (YYYY.MM.DD HH:mm:ss in Europe/Warsaw, or ISO 8601; a date_to without a time is the end of that day), is_one_time, price (PLN, 2 decimals), is_survey, correct_answers, and the image as for create.',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: quizSavedSchema, ...formErrors },
      },
    },
    async (req) => {
      const form = await readForm(req);
      const fields = parseFields(quizDetailsFieldsSchema, form.fields);
      await service.saveQuizDetails(app.db, requireUser(req), req.params.id, fields, imageChangeOf(form));
      return { quiz_id: req.params.id, message: translate(req.lang, 'quiz.activated') };
    },
  );

  app.get(
    API.quizzes,
    {
      config: { access: allow('quizzes.read') },
      schema: {
        tags,
        summary:
          'Quizzes: for a quiz manager every quiz not deleted (drafts too); for a rep the active ones within their dates, with where the rep stands',
        querystring: quizListQuerySchema,
        // The rep's card first: a manager's row has no status and falls to the second shape.
        response: { 200: pagedSchema(z.union([repQuizListItemSchema, quizListRowSchema])), ...errors },
      },
    },
    async (req) => service.listQuizzes(app.db, requireUser(req), req.query),
  );

  app.get(
    API.quiz,
    {
      config: { access: allow('quizzes.read') },
      schema: {
        tags,
        summary:
          'A quiz: a manager reads it with the correct answers; a rep reads only a live quiz, without correctness anywhere',
        params: idParamSchema,
        response: { 200: z.union([repQuizSchema, quizSchema]), ...errors },
      },
    },
    async (req) => service.getQuiz(app.db, requireUser(req), req.params.id),
  );

  app.delete(
    API.quiz,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary: 'Delete a quiz: reps no longer see it; its attempts and paid rewards stay',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.deleteQuiz(app.db, req.params.id);
      return { message: translate(req.lang, 'quiz.deleted') };
    },
  );

  app.post(
    API.quizSubmit,
    {
      // Changes no session: the session caches stay (decision 041).
      config: { access: allow('quizzes.take'), keepsSessions: true },
      schema: {
        tags,
        summary:
          'Submit a quiz (one answer per question): graded on the server; passing pays the reward once per rep and quiz',
        params: idParamSchema,
        body: quizSubmitBodySchema,
        response: { 200: quizSubmitResultSchema, ...errors },
      },
    },
    async (req) => service.submitQuiz(app.db, requireUser(req), req.params.id, req.body.answers, req.body.version),
  );

  app.get(
    API.quizResults,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary: "How a quiz went: attempts, reps, pass rate, rewards paid, and each answer's count",
        params: idParamSchema,
        response: { 200: quizResultsSchema, ...errors },
      },
    },
    async (req) => service.quizResults(app.db, req.params.id),
  );

  app.get(
    API.quizOpenAnswers,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary: 'What reps typed to one open question of a quiz, newest first, paged and searchable',
        params: idParamSchema,
        querystring: openAnswersQuerySchema,
        response: { 200: pagedSchema(openAnswerSchema), ...errors },
      },
    },
    async (req) => service.openAnswers(app.db, req.params.id, req.query),
  );

  app.get(
    API.quizResultsExport,
    {
      config: { access: allow('quizzes.manage') },
      schema: {
        tags,
        summary: "A quiz's attempts as CSV for Excel: one row per attempt, one column per question",
        params: idParamSchema,
      },
    },
    async (req, reply) => {
      const { questions, chunks } = await service.exportResults(app.db, req.params.id);
      const tz = timeZoneOf(req.headers['user-timezone']);
      const t = (key: string) => translate(req.lang, key);
      const header = [
        ...['attemptId', 'email', 'name', 'createdAt', 'score', 'required', 'passed', 'reward'].map((k) =>
          t(`csv.quiz.${k}`),
        ),
        ...questions.map((q, i) => `${i + 1}. ${q.text}`),
      ];
      // The first rows are read before the header goes out: a failing query is an error answer, not a cut file.
      const stream = csvStream(header, await prefetchFirst(chunks), (a) => [
        a.id,
        a.email,
        [a.name, a.surname].filter(Boolean).join(' '),
        formatDateTime(a.createdAt, tz),
        a.correctCount,
        a.requiredCount,
        t(a.passed ? 'csv.yes' : 'csv.no'),
        csvMoney((a.reward / 100).toFixed(2), req.lang),
        ...questions.map((q) => a.answers?.[String(q.id)] ?? ''),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(`quiz-${req.params.id}`, new Date(), tz)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    API.userQuizAttempts,
    {
      config: { access: allow('users.read') },
      schema: {
        tags,
        summary: "A rep's quiz attempts (the rep details' quiz tab), for whoever may read that user",
        params: idParamSchema,
        querystring: userQuizAttemptsQuerySchema,
        response: { 200: pagedSchema(quizAttemptRowSchema), ...errors },
      },
    },
    async (req) => service.userAttempts(app.db, requireUser(req), req.params.id, req.query),
  );
}
