import {
  API,
  adjustmentBodySchema,
  can,
  failWithdrawalBodySchema,
  idParamSchema,
  ledgerCheckSchema,
  ledgerEntrySchema,
  ledgerListQuerySchema,
  moneyOverviewSchema,
  okResponseSchema,
  pagedSchema,
  payoutBatchBodySchema,
  payoutBatchSchema,
  payoutResultFileSchema,
  translate,
  withdrawalBodySchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalSchema,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addStateGauge } from '../../lib/metrics.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { checkLedger } from './ledger-check.ts';
import * as wallet from './wallet.service.ts';
import * as withdrawals from './withdrawals.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

export async function walletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // For the operator's metrics (issue 32 point 2): what the programme owes its reps, and the
  // withdrawals not settled yet.
  addStateGauge(app.metrics, {
    name: 'programme_owed_to_reps_pln',
    help: 'Money in the reps’ wallets now, in PLN: available to withdraw, and on its way to a card.',
    label: 'state',
    read: async () => {
      const owed = await wallet.owedNow(app.db);
      return { available: owed.available / 100, in_withdrawal: owed.inWithdrawal / 100 };
    },
  });
  addStateGauge(app.metrics, {
    name: 'withdrawals_waiting',
    help: 'Withdrawals not settled yet, by status (requested: not sent to the card issuer; exported: sent).',
    label: 'status',
    read: async () => (await wallet.owedNow(app.db)).waiting,
  });
  // The card issuer's result file arrives as CSV text.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.post(
    API.withdrawal,
    {
      // Changes no session: the session caches stay (decision 041).
      config: { access: allow('wallet.withdraw'), keepsSessions: true },
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw the whole wallet to the card (amount must equal the current balance)',
        body: withdrawalBodySchema,
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (req) => withdrawals.requestWithdrawal(app.db, requireUser(req).id, req.body.amount),
  );

  app.get(
    API.wallet,
    {
      config: { access: allow('withdrawals.list') },
      schema: {
        tags: ['wallet'],
        summary: 'Withdrawals: all of them for admins, your own for a sales rep; with the filtered total',
        querystring: withdrawalListQuerySchema,
        response: { 200: withdrawalListSchema, ...errors },
      },
    },
    async (req) => {
      const me = requireUser(req);
      // Whoever manages payouts sees every withdrawal; a rep its own, with masked card numbers.
      const rep = !can(me.role, 'payouts.manage');
      return withdrawals.listWithdrawals(app.db, req.query, { onlyUserId: rep ? me.id : undefined, maskCards: rep });
    },
  );

  app.get(
    API.walletHistory,
    {
      config: { access: allow('wallet.history') },
      schema: {
        tags: ['wallet'],
        summary: 'Your money history: every ledger entry',
        querystring: ledgerListQuerySchema,
        response: { 200: pagedSchema(ledgerEntrySchema), ...errors },
      },
    },
    async (req) => wallet.history(app.db, requireUser(req).id, req.query),
  );

  app.get(
    API.userLedger,
    {
      config: { access: allow('wallet.audit') },
      schema: {
        tags: ['wallet'],
        summary: "A user's ledger entries",
        params: idParamSchema,
        querystring: ledgerListQuerySchema,
        response: { 200: pagedSchema(ledgerEntrySchema), ...errors },
      },
    },
    async (req) => wallet.history(app.db, req.params.id, req.query),
  );

  app.post(
    API.adjustments,
    {
      config: { access: allow('wallet.adjust') },
      schema: {
        tags: ['wallet'],
        summary: 'Credit (+) or debit (−) a rep by hand, with a reason',
        body: adjustmentBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await wallet.adjust(app.db, requireUser(req), req.body);
      return { message: translate(req.lang, 'wallet.adjusted') };
    },
  );

  app.post(
    API.payoutBatches,
    {
      config: { access: allow('payouts.manage') },
      schema: {
        tags: ['payouts'],
        summary: 'Export requested withdrawals as a batch for the card issuer (marks them exported)',
        body: payoutBatchBodySchema,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (req) => withdrawals.exportBatch(app.db, requireUser(req), req.body.withdrawal_ids),
  );

  app.get(
    API.payoutBatchFile,
    {
      config: { access: allow('payouts.manage') },
      schema: { tags: ['payouts'], summary: "The batch's CSV file for the card issuer", params: idParamSchema },
    },
    async (req, reply) => {
      const file = await withdrawals.batchFile(app.db, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="wyplaty-paczka-${req.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    API.payoutBatchPaid,
    {
      config: { access: allow('payouts.manage') },
      schema: {
        tags: ['payouts'],
        summary: 'Mark every exported withdrawal of the batch paid',
        params: idParamSchema,
        response: { 200: z.object({ paid: z.number().int() }), ...errors },
      },
    },
    async (req) => withdrawals.settleBatchPaid(app.db, requireUser(req), req.params.id),
  );

  app.post(
    API.payoutBatchResult,
    {
      config: { access: allow('payouts.manage') },
      schema: {
        tags: ['payouts'],
        summary: "Import the issuer's result file (withdrawal_id;status;reason), all lines or none",
        params: idParamSchema,
        body: payoutResultFileSchema,
        response: {
          200: z.object({ paid: z.number().int(), failed: z.number().int(), unchanged: z.number().int() }),
          ...errors,
        },
      },
    },
    async (req) => withdrawals.importBatchResult(app.db, requireUser(req), req.params.id, req.body),
  );

  app.post(
    API.withdrawalPaid,
    {
      config: { access: allow('payouts.manage') },
      schema: {
        tags: ['payouts'],
        summary: 'Mark one exported withdrawal paid (repeating it changes nothing)',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await withdrawals.settle(app.db, requireUser(req), req.params.id, 'paid', null);
      return { message: translate(req.lang, 'withdrawals.paid') };
    },
  );

  app.post(
    API.withdrawalFailed,
    {
      config: { access: allow('payouts.manage') },
      schema: {
        tags: ['payouts'],
        summary: 'Mark one withdrawal failed, with a reason; its money returns to the wallet',
        params: idParamSchema,
        body: failWithdrawalBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await withdrawals.settle(app.db, requireUser(req), req.params.id, 'failed', req.body.reason);
      return { message: translate(req.lang, 'withdrawals.failed') };
    },
  );

  app.get(
    API.ledgerCheck,
    {
      config: { access: allow('wallet.audit') },
      schema: {
        tags: ['wallet'],
        summary: 'Prove that every balance equals the sum of its ledger entries',
        response: { 200: ledgerCheckSchema, ...errors },
      },
    },
    async () => checkLedger(app.db),
  );

  app.get(
    API.moneyOverview,
    {
      config: { access: allow('wallet.audit') },
      schema: {
        tags: ['wallet'],
        summary: 'Earned, in wallets, in withdrawal and paid out, in total and per month',
        response: { 200: moneyOverviewSchema, ...errors },
      },
    },
    async () => wallet.overview(app.db),
  );
}
