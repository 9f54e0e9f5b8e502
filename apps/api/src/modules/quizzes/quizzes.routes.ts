import {
  API,
  errorResponseSchema,
  idParamSchema,
  okResponseSchema,
  pagedSchema,
  quizListQuerySchema,
  quizListRowSchema,
  quizSchema,
  quizSubmitBodySchema,
  quizSubmitResultSchema,
  repQuizListItemSchema,
  repQuizSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allow, requireUser } from '../../plugins/auth.ts';
import * as service from './quizzes.service.ts';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

export async function quizRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['quizzes'];

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
      config: { access: allow('quizzes.take') },
      schema: {
        tags,
        summary:
          'Submit a quiz (one answer per question): graded on the server; passing pays the reward once per rep and quiz',
        params: idParamSchema,
        body: quizSubmitBodySchema,
        response: { 200: quizSubmitResultSchema, ...errors },
      },
    },
    async (req) => service.submitQuiz(app.db, requireUser(req), req.params.id, req.body.answers),
  );
}
