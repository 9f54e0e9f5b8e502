import {
  API,
  type NoticeCounts,
  type NoticeSettings,
  type NoticeSettingsBody,
  type NoticeStatus,
  type Paged,
  type QueuedNotice,
} from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/** GET /api/notices/settings: the caller's kinds, each on or off, and its mails' language. */
export function useNoticeSettings() {
  return useQuery({
    queryKey: queryKey('notices.settings'),
    queryFn: ({ signal }) => fetchOrThrow<NoticeSettings>(API.noticeSettings, { signal }),
  });
}

/** PUT /api/notices/settings. */
export function useSaveNoticeSettings() {
  return useApiMutation<NoticeSettingsBody, NoticeSettings>({
    mutationFn: (body) => fetchOrThrow<NoticeSettings>(API.noticeSettings, { method: 'PUT', body }),
    invalidates: ['notices'],
  });
}

export type QueueParams = { status: NoticeStatus; page: number; per_page: number };

/** GET /api/notices/queue (root and admin): the notices of one status, newest first. */
export function useNoticeQueue(params: QueueParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKey('notices.queue', params),
    queryFn: ({ signal }) => fetchOrThrow<Paged<QueuedNotice>>(API.noticeQueue, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/notices/counts (root and admin). */
export function useNoticeCounts(enabled: boolean) {
  return useQuery({
    queryKey: queryKey('notices.counts'),
    queryFn: ({ signal }) => fetchOrThrow<NoticeCounts>(API.noticeCounts, { signal }),
    enabled,
  });
}
