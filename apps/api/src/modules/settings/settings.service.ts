import type { ProgrammeSettings, ProgrammeSettingsBody } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isBlankRichText, plainText, sanitizeRichText } from '../../lib/rich-text.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './settings.repo.ts';

/** GET /api/settings: what the footer, the rules page and the set-password page show. */
export async function readSettings(db: DbOrTx): Promise<ProgrammeSettings> {
  const [row, rules] = await Promise.all([repo.findSettings(db), repo.currentRules(db)]);
  return {
    organiser: row?.organiser ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    email: row?.email ?? '',
    rules: rules ? { version: rules.id, html: rules.content, published_at: rules.createdAt.toISOString() } : null,
    withdrawal_needs_tax_data: row?.withdrawalNeedsTaxData ?? false,
    updated_at: row?.updatedAt?.toISOString() ?? null,
  };
}

/**
 * PUT /api/settings: the organiser's facts as plain text, the rules sanitized (decision 020). The
 * rules get a new version only when their sanitized HTML differs from the version in force, so a
 * save of the footer alone does not ask anyone to accept the same rules again (issue 30).
 */
export async function saveSettings(
  db: Db,
  actorId: number | null,
  body: ProgrammeSettingsBody,
): Promise<ProgrammeSettings> {
  const fields = {
    organiser: plainText(body.organiser),
    address: plainText(body.address),
    phone: plainText(body.phone),
    email: body.email,
    // Absent: the rule stays as it is (a client that does not know it cannot turn it off).
    ...(body.withdrawal_needs_tax_data === undefined ? {} : { withdrawalNeedsTaxData: body.withdrawal_needs_tax_data }),
  };
  const errors: Record<string, 'settings.organiserRequired' | 'settings.addressRequired' | 'settings.rulesRequired'> =
    {};
  // Text that was only markup is empty once cleaned: the same as not typed.
  if (!fields.organiser) errors.organiser = 'settings.organiserRequired';
  if (!fields.address) errors.address = 'settings.addressRequired';
  if (isBlankRichText(body.rules)) errors.rules = 'settings.rulesRequired';
  const first = Object.values(errors)[0];
  if (first) throw new AppError(422, first, {}, Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
  const rules = sanitizeRichText(body.rules);
  return db.transaction(async (tx) => {
    await repo.lockSettings(tx);
    await repo.updateSettings(tx, { ...fields, updatedBy: actorId });
    const current = await repo.currentRules(tx);
    const newRules = current?.content !== rules;
    if (newRules) await repo.insertRules(tx, rules, actorId);
    await recordChange(tx, {
      kind: 'settings.update',
      object: 'settings',
      id: null,
      details: { new_rules_version: newRules },
    });
    return readSettings(tx);
  });
}

export { withdrawalNeedsTaxData } from './settings.repo.ts';
