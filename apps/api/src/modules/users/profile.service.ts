import type { RepProfile, RepProfileValues } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './profile.repo.ts';

/*
 * A rep's own profile (issue 30 point 2, decision 059). Only the rep reads and writes it here (the
 * route allows 'profile.view', a seller's own action, and takes the id from the session, never from
 * the request); the back office reads it, masked by role, on the rep details (user-json.repo.ts).
 */

export async function readProfile(db: Db, userId: number): Promise<RepProfile> {
  const profile = await repo.findProfile(db, userId);
  if (!profile) throw new AppError(403, 'taxData.onlyReps');
  return profile;
}

/** Saves what the rep sent (validated by the contract: a PESEL with its check digit, NN-NNN, a listed office). */
export async function saveProfile(db: Db, userId: number, b: RepProfileValues): Promise<RepProfile> {
  await db.transaction(async (tx) => {
    if (!(await repo.findProfile(tx, userId))) throw new AppError(403, 'taxData.onlyReps');
    await repo.saveProfile(tx, userId, {
      phone: b.phone,
      pesel: b.pesel,
      taxOfficeCode: b.tax_office_code,
      street: b.street,
      postcode: b.postcode,
      city: b.city,
    });
    await recordChange(tx, { kind: 'profile.update', object: 'user', id: userId, ofUser: userId });
  });
  return readProfile(db, userId);
}

export { hasTaxData } from './profile.repo.ts';
