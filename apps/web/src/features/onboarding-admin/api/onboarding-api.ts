import type {
  Invitation,
  InvitationCounts,
  OnboardingAction,
  OnboardingImport,
  OnboardingKind,
  OnboardingRow,
  Paged,
  SalesImportEncoding,
} from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { uploadFile, useUpload } from '../../../lib/upload-file.ts';
import { ONBOARDING_API } from './endpoints.ts';

/** The server reads and checks the whole file before it answers: a slow link and 10,000 rows need time. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** POST /api/onboarding/imports with the upload's progress; refreshes the history once it answered. */
export function useOnboardingUpload() {
  const { phase, run, busy } = useUpload('onboarding');
  const upload = useCallback(
    (file: File, kind: OnboardingKind, encoding: SalesImportEncoding) =>
      run((onProgress) =>
        uploadFile<OnboardingImport>(
          ONBOARDING_API.imports,
          [
            ['kind', kind],
            ['encoding', encoding],
          ],
          file,
          onProgress,
          UPLOAD_TIMEOUT_MS,
        ),
      ),
    [run],
  );
  return { phase, upload, busy };
}

/** While the e-mails of an applied import are still queued, its figures are asked again this often. */
export const QUEUE_POLL_MS = 5_000;

export function useOnboardingImport(id: number, initial?: OnboardingImport) {
  return useQuery({
    queryKey: queryKey('onboarding.one', id),
    queryFn: ({ signal }) => fetchOrThrow<OnboardingImport>(ONBOARDING_API.import(id), { signal }),
    initialData: initial,
    initialDataUpdatedAt: initial ? Date.now() : undefined,
    refetchInterval: (q) => ((q.state.data?.invitations?.queued ?? 0) > 0 ? QUEUE_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export type RowsParams = { action: OnboardingAction; page: number; per_page: number };

export function useOnboardingRows(id: number, params: RowsParams) {
  return useQuery({
    queryKey: queryKey('onboarding.rows', id, params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<OnboardingRow>>(ONBOARDING_API.rows(id), { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export type HistoryParams = { page: number; per_page: number };

export function useOnboardingImports(params: HistoryParams) {
  return useQuery({
    queryKey: queryKey('onboarding.list', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<OnboardingImport>>(ONBOARDING_API.imports, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Applying creates people and warehouses: every list of them changes too. */
const WRITES = ['onboarding', 'users', 'warehouses'] as const;

export const useApplyImport = () =>
  useApiMutation({
    mutationFn: (id: number) => fetchOrThrow<OnboardingImport>(ONBOARDING_API.apply(id), { method: 'POST' }),
    invalidates: WRITES,
    // A 409 'changed' keeps a new preview: show it.
    invalidatesOnError: ['onboarding'],
  });

export const useCancelImport = () =>
  useApiMutation({
    mutationFn: (id: number) => fetchOrThrow<OnboardingImport>(ONBOARDING_API.cancel(id), { method: 'POST' }),
    invalidates: ['onboarding'],
  });

export function useInvitationCounts() {
  return useQuery({
    queryKey: queryKey('onboarding.invitation-counts'),
    queryFn: ({ signal }) => fetchOrThrow<InvitationCounts>(ONBOARDING_API.invitationCounts, { signal }),
    refetchInterval: (q) => ((q.state.data?.queued ?? 0) > 0 ? QUEUE_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export type InvitationParams = { page: number; per_page: number };

export function useFailedInvitations(params: InvitationParams) {
  return useQuery({
    queryKey: queryKey('onboarding.invitations', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<Invitation>>(ONBOARDING_API.invitations, {
        query: { ...params, status: 'failed' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

type Resent = { count: number; message: string };

export const useResendInvitation = () =>
  useApiMutation({
    mutationFn: (id: number) => fetchOrThrow<Resent>(ONBOARDING_API.resend(id), { method: 'POST' }),
    invalidates: ['onboarding'],
  });

export const useResendFailed = () =>
  useApiMutation({
    mutationFn: () => fetchOrThrow<Resent>(ONBOARDING_API.resendFailed, { method: 'POST' }),
    invalidates: ['onboarding'],
  });
