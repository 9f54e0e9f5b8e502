import { AUDIT_KINDS, AUDIT_OBJECTS, type AuditKind, type AuditObject } from '@incentive/contracts';
import { useSearchParams } from 'react-router';

/** The trail's filters, kept in the address so a link (a person's, an object's) opens them. */
export interface AuditFilters {
  actor_id?: number;
  object_type?: AuditObject;
  object_id?: number;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

const positive = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null) => list.find((x) => x === v);

/** The filters in the address (what is not valid there is left out), and a setter that replaces them. */
export function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    actor_id: positive(params.get('actor_id')),
    object_type: oneOf(AUDIT_OBJECTS, params.get('object_type')),
    object_id: positive(params.get('object_id')),
    kind: oneOf(AUDIT_KINDS, params.get('kind')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
  if (filters.object_type === undefined) filters.object_id = undefined;
  const set = (next: AuditFilters) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== '') p.set(k, String(v));
    setParams(p, { replace: true });
  };
  return [filters, set];
}
