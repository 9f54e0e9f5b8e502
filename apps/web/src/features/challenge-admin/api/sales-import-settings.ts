import type { SalesImportSettings } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** GET /api/sales-imports/settings: the plausibility limits (units per row, PLN per rep per import). */
export function useSalesImportSettings() {
  return useQuery({
    queryKey: queryKey('sales-imports.settings'),
    queryFn: ({ signal }) => fetchOrThrow<SalesImportSettings>(CHALLENGE_ADMIN_API.salesImportSettings, { signal }),
    refetchOnWindowFocus: false,
  });
}

/** What the form sends: units as typed, PLN as typed ('10000', '10 000,50'); the server parses and checks both. */
export interface SalesImportSettingsInput {
  max_row_quantity: string;
  max_rep_amount: string;
}

/** PUT /api/sales-imports/settings: 422 with a message per field when a value is out of its bounds. */
export function saveSalesImportSettings(body: SalesImportSettingsInput) {
  return fetchOrThrow<SalesImportSettings & { message?: string }>(CHALLENGE_ADMIN_API.salesImportSettings, {
    method: 'PUT',
    body: {
      max_row_quantity: body.max_row_quantity.replace(/\s/g, ''),
      max_rep_amount: body.max_rep_amount.replace(/\s/g, ''),
    },
  });
}

export const useSaveSalesImportSettings = () =>
  useApiMutation({ mutationFn: saveSalesImportSettings, invalidates: ['sales-imports'] });
