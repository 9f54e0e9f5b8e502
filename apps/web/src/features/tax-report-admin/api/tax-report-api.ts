import { API, type Paged, type TaxReportMissingRow, type TaxReportSummary } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/** GET /api/reports/tax-year: one year's figures (the current year until the years are known). */
export function useTaxReport(year: number | null) {
  return useQuery({
    queryKey: queryKey('wallet.tax-report', year),
    queryFn: ({ signal }) =>
      fetchOrThrow<TaxReportSummary>(API.taxReport, {
        query: { year: year ?? new Date().getFullYear() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type MissingParams = { year: number; page: number; per_page: number };

/** GET /api/reports/tax-year/missing: the year's people without complete tax data, paged. */
export function useTaxReportMissing(params: MissingParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKey('wallet.tax-report-missing', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<TaxReportMissingRow>>(API.taxReportMissing, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
