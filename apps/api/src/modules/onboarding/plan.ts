import type { OnboardingAction, PeopleImportRole, Role } from '@incentive/contracts';
import { taxOfficeName } from '@incentive/contracts/tax-offices';
import type { ImportMatch } from '../users/users.service.ts';
import type { ActiveWarehouse } from '../warehouses/warehouses.service.ts';
import {
  type PersonValues,
  personColumnName,
  type Reason,
  type WarehouseValues,
  warehouseColumnName,
} from './read-row.ts';

/*
 * What applying each row would do, decided against the programme's records (decision 061). Pure:
 * the service reads the records (locked, when applying) and hands them in, so the preview and the
 * apply run the same rules, and the apply can tell whether anything changed since the preview.
 */

export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

export interface InputRow<V> {
  rowNo: number;
  values: V;
  /** The problems the row has on its own (read-row.ts). */
  reasons: Reason[];
}

export interface PlannedRow<V> extends InputRow<V> {
  action: OnboardingAction;
  targetId: number | null;
  label: string;
  key: string;
  role: PeopleImportRole | null;
  changes: Change[];
}

/** Every row with the same key (by `keyOf`, non-empty) as another gets a reason naming all their rows. */
function refuseDuplicates<V>(
  rows: readonly InputRow<V>[],
  keyOf: (v: V) => string | null,
  column: string,
  shown: (v: V) => string,
): Map<number, Reason> {
  const byKey = new Map<string, InputRow<V>[]>();
  for (const r of rows) {
    const k = keyOf(r.values);
    if (!k) continue;
    const list = byKey.get(k) ?? [];
    list.push(r);
    byKey.set(k, list);
  }
  const out = new Map<number, Reason>();
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    const numbers = list.map((r) => r.rowNo).join(', ');
    for (const r of list) {
      out.set(r.rowNo, {
        field: column,
        key: 'onboarding.row.duplicate',
        params: { column, value: shown(r.values), rows: numbers },
      });
    }
  }
  return out;
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/** A change of a field the file gives (an empty cell, null, changes nothing). */
function changeOf(changes: Change[], field: string, before: string | null, after: string | null) {
  if (after !== null && !same(before, after)) changes.push({ field, before, after });
}

export function planWarehouses(
  rows: readonly InputRow<WarehouseValues>[],
  existing: readonly ActiveWarehouse[],
): PlannedRow<WarehouseValues>[] {
  const dup = refuseDuplicates(
    rows,
    (v) => v.asseco_id || null,
    warehouseColumnName('asseco_id'),
    (v) => v.asseco_id,
  );
  const byAsseco = new Map(existing.map((w) => [w.asseco_id, w]));
  return rows.map((r) => {
    const v = r.values;
    const reasons = [...r.reasons];
    const d = dup.get(r.rowNo);
    if (d) reasons.push(d);
    const base = { ...r, reasons, label: v.name, key: v.asseco_id, role: null, changes: [] as Change[] };
    if (reasons.length > 0) return { ...base, action: 'refused', targetId: null };
    const found = byAsseco.get(v.asseco_id);
    if (!found) return { ...base, action: 'create', targetId: null };
    const changes: Change[] = [];
    changeOf(changes, warehouseColumnName('name'), found.name, v.name);
    changeOf(changes, warehouseColumnName('address'), found.address, v.address);
    changeOf(changes, warehouseColumnName('nip'), found.nip, v.nip);
    changeOf(changes, warehouseColumnName('email'), found.email, v.email);
    return { ...base, changes, action: changes.length ? 'update' : 'unchanged', targetId: found.id };
  });
}

export interface PeopleContext {
  /** May the actor create and edit people of this role (POLICY scope.manages)? */
  mayManage: (role: Role) => boolean;
  /** The actor's warehouses, or null when it sees them all. */
  scope: readonly number[] | null;
  /** The active warehouses the file names. */
  warehouses: readonly ActiveWarehouse[];
  /** The accounts the file's e-mails and asseco ids match. */
  matches: readonly ImportMatch[];
  /** The matched accounts' warehouse ids. */
  memberships: ReadonlyMap<number, readonly number[]>;
  /** A role's name as people read it ('PH'). */
  roleLabel: (role: Role) => string;
}

const lower = (s: string | null) => (s ? s.toLowerCase() : null);

export function planPeople(rows: readonly InputRow<PersonValues>[], ctx: PeopleContext): PlannedRow<PersonValues>[] {
  const dupEmail = refuseDuplicates(
    rows,
    (v) => lower(v.email),
    personColumnName('email'),
    (v) => v.email,
  );
  const dupAsseco = refuseDuplicates(
    rows,
    (v) => lower(v.asseco_id),
    personColumnName('asseco_id'),
    (v) => v.asseco_id ?? '',
  );
  const warehouseByAsseco = new Map(ctx.warehouses.map((w) => [w.asseco_id, w]));
  const byEmail = new Map(ctx.matches.map((m) => [m.email.toLowerCase(), m]));
  const byAsseco = new Map(
    ctx.matches.filter((m) => !m.deleted && m.asseco_id).map((m) => [(m.asseco_id as string).toLowerCase(), m]),
  );
  const inScope = (warehouseIds: readonly number[]) =>
    ctx.scope === null || warehouseIds.some((id) => ctx.scope?.includes(id));

  return rows.map((r) => {
    const v = r.values;
    const reasons = [...r.reasons];
    for (const d of [dupEmail.get(r.rowNo), dupAsseco.get(r.rowNo)]) if (d) reasons.push(d);
    const base = {
      ...r,
      label: [v.name, v.surname].filter(Boolean).join(' '),
      key: v.email,
      role: v.role,
      changes: [] as Change[],
    };
    if (v.role && !ctx.mayManage(v.role)) {
      reasons.push({
        field: personColumnName('role'),
        key: 'onboarding.row.roleNotYours',
        params: { role: ctx.roleLabel(v.role) },
      });
    }
    // The warehouses: known, and in the actor's scope.
    const warehouseIds: number[] = [];
    for (const a of v.warehouses) {
      const w = warehouseByAsseco.get(a);
      if (!w) {
        reasons.push({
          field: personColumnName('warehouses'),
          key: 'onboarding.row.warehouseUnknown',
          params: { value: a },
        });
      } else if (ctx.scope !== null && !ctx.scope.includes(w.id)) {
        reasons.push({
          field: personColumnName('warehouses'),
          key: 'onboarding.row.warehouseOutOfScope',
          params: { value: a },
        });
      } else warehouseIds.push(w.id);
    }

    // Who the row is: the account with its asseco id, else the one with its e-mail, else nobody yet.
    const email = lower(v.email);
    const asseco = lower(v.asseco_id);
    const viaAsseco = asseco ? byAsseco.get(asseco) : undefined;
    const viaEmail = email ? byEmail.get(email) : undefined;
    const target = viaAsseco ?? viaEmail;
    if (!target) {
      if (v.role !== null && v.warehouses.length === 0) {
        reasons.push({ field: personColumnName('warehouses'), key: 'onboarding.row.warehouseRequired' });
      }
      if (reasons.length > 0) return { ...base, reasons, action: 'refused', targetId: null };
      return { ...base, reasons, action: 'create', targetId: null };
    }

    // Someone already in the programme: only one the actor manages is looked at further.
    const memberOf = ctx.memberships.get(target.id) ?? [];
    if (!target.deleted && !(ctx.mayManage(target.role) && inScope(memberOf))) {
      reasons.push({ field: null, key: 'onboarding.row.outOfScope' });
      return { ...base, reasons, action: 'refused', targetId: null };
    }
    if (viaAsseco && viaEmail && viaAsseco.id !== viaEmail.id) {
      reasons.push({ field: personColumnName('asseco_id'), key: 'onboarding.row.assecoTaken' });
    } else if (viaAsseco && !viaEmail && lower(target.email) !== email) {
      reasons.push({
        field: personColumnName('email'),
        key: 'onboarding.row.emailDiffers',
        params: { value: target.email },
      });
    } else if (target.deleted) {
      reasons.push({ field: personColumnName('email'), key: 'onboarding.row.emailOfDeleted' });
    } else if (asseco && target.asseco_id && lower(target.asseco_id) !== asseco) {
      reasons.push({
        field: personColumnName('asseco_id'),
        key: 'onboarding.row.assecoDiffers',
        params: { value: target.asseco_id },
      });
    }
    if (v.role && target.role !== v.role) {
      reasons.push({
        field: personColumnName('role'),
        key: 'onboarding.row.roleDiffers',
        params: { role: ctx.roleLabel(target.role) },
      });
    }
    const added = warehouseIds.filter((id) => !memberOf.includes(id));
    if (v.role === 'seller' && memberOf.length > 0 && added.length > 0) {
      reasons.push({ field: personColumnName('warehouses'), key: 'onboarding.row.moveRefused' });
    }
    if (reasons.length > 0) return { ...base, reasons, action: 'refused', targetId: null };

    const changes: Change[] = [];
    changeOf(changes, personColumnName('name'), target.name, v.name);
    changeOf(changes, personColumnName('surname'), target.surname, v.surname);
    changeOf(changes, personColumnName('phone'), target.phone, v.phone);
    changeOf(changes, personColumnName('asseco_id'), target.asseco_id, v.asseco_id);
    if (added.length > 0) {
      const names = added.map((id) => ctx.warehouses.find((w) => w.id === id)?.asseco_id ?? String(id));
      changes.push({ field: personColumnName('warehouses'), before: null, after: `+ ${names.join(', ')}` });
    }
    changeOf(changes, personColumnName('pesel'), target.pesel, v.pesel);
    if (v.tax_office_code !== null && !same(target.tax_office_code, v.tax_office_code)) {
      const name = (code: string | null) => (code ? (taxOfficeName(code) ?? code) : null);
      changes.push({
        field: personColumnName('tax_office'),
        before: name(target.tax_office_code),
        after: name(v.tax_office_code),
      });
    }
    changeOf(changes, personColumnName('street'), target.street, v.street);
    changeOf(changes, personColumnName('postcode'), target.postcode, v.postcode);
    changeOf(changes, personColumnName('city'), target.city, v.city);
    return { ...base, reasons, changes, action: changes.length ? 'update' : 'unchanged', targetId: target.id };
  });
}

/** The warehouse ids of a planned person (what the apply links), from the file's asseco ids; the map built once per file. */
export function warehouseIdsOf(warehouses: readonly ActiveWarehouse[]): (v: PersonValues) => number[] {
  const byAsseco = new Map(warehouses.map((w) => [w.asseco_id, w.id]));
  return (v) => v.warehouses.map((a) => byAsseco.get(a)).filter((id): id is number => id !== undefined);
}
