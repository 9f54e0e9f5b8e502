import { API, type AuditEvent, type AuditEventDetails, apiPath, type Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import type { AuditFilters } from '../lib/filters.ts';

export type AuditParams = AuditFilters & { page: number; per_page: number };

/** GET /api/audit: one page of the trail, newest first, with the filters in the address. */
export function useAuditPage(params: AuditParams) {
  return useQuery({
    queryKey: queryKey('audit.list', params),
    queryFn: ({ signal }) => fetchOrThrow<Paged<AuditEvent>>(API.audit, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    // Every write adds to the trail: read it afresh whenever it is shown.
    staleTime: 0,
  });
}

/** GET /api/audit/{id}: one event with the rows it changed. */
export function useAuditEvent(id: number | null) {
  return useQuery({
    queryKey: queryKey('audit.one', id),
    queryFn: ({ signal }) => fetchOrThrow<AuditEventDetails>(apiPath(API.auditEvent, { id: id ?? 0 }), { signal }),
    enabled: id !== null,
  });
}
