import {
  API,
  programmeSettingsBodySchema,
  programmeSettingsSavedSchema,
  programmeSettingsSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, PUBLIC, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './settings.service.ts';

const errors = errorAnswers(401, 403, 422);

/** The programme's organiser, contact details and rules (issue 27 point 10, decision 047). */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  app.get(
    API.settings,
    {
      // The footer of every page and the rules page, which anyone may open (signed in or not).
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "The programme's organiser, contact details and current rules (public)",
        response: { 200: programmeSettingsSchema },
      },
    },
    async () => service.readSettings(app.db),
  );

  app.put(
    API.settings,
    {
      // Changes no session: the session caches stay (decision 041).
      config: { access: allow('settings.manage'), keepsSessions: true },
      schema: {
        tags,
        summary: 'Save the organiser, contact details and rules (root, admin); changed rules become a new version',
        body: programmeSettingsBodySchema,
        response: { 200: programmeSettingsSavedSchema, ...errors },
      },
    },
    async (req) => {
      const settings = await service.saveSettings(app.db, requireUser(req).id, req.body);
      return { message: translate(req.lang, 'settings.saved'), settings };
    },
  );
}
