import type { ErrorResponse } from '@incentive/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { type ApiResult, apiHeaders } from './api-client.ts';
import { type QueryRoot, rootKey } from './query-keys.ts';

/** Where an upload is: sending bytes (with the percentage), then waiting for the server's answer. */
export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

/**
 * POSTs a form with one file through XMLHttpRequest, which (unlike fetch) reports the upload's
 * progress. The text fields go before the file part: the server reads the stream in order. Success
 * is any 2xx with its JSON; a refusal is a 4xx with the server's message. Never throws.
 */
export function uploadFile<T>(
  url: string,
  fields: readonly [name: string, value: string][],
  file: File,
  onProgress: (phase: UploadPhase) => void,
  timeoutMs: number,
): Promise<ApiResult<T>> {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  body.append('file', file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      // Every byte sent (upload.onload does not always follow at once): the server is at work.
      if (e.loaded >= e.total) onProgress({ kind: 'processing' });
      else onProgress({ kind: 'uploading', percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.upload.onload = () => onProgress({ kind: 'processing' });
    const fail = () => resolve({ isSuccess: false, status: 0, payload: null });
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.onabort = fail;
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300)
        resolve({ isSuccess: true, status: xhr.status, payload: payload as T });
      else {
        const error =
          typeof (payload as ErrorResponse | null)?.message === 'string' ? (payload as ErrorResponse) : null;
        resolve({ isSuccess: false, status: xhr.status, payload: error });
      }
    };
    onProgress({ kind: 'uploading', percent: 0 });
    xhr.send(body);
  });
}

/**
 * One upload at a time, with its phase for a progress indicator: `run` calls `send` (which posts
 * the file through uploadFile with the given progress callback), then fetches again every query
 * under `root` (the upload's history), and answers null when an upload is already running.
 */
export function useUpload(root: QueryRoot) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const running = useRef(false);
  const run = useCallback(
    async <T>(send: (onProgress: (phase: UploadPhase) => void) => Promise<ApiResult<T>>) => {
      if (running.current) return null;
      running.current = true;
      try {
        const result = await send(setPhase);
        await queryClient.invalidateQueries({ queryKey: rootKey(root) });
        return result;
      } finally {
        running.current = false;
        setPhase({ kind: 'idle' });
      }
    },
    [queryClient, root],
  );
  return { phase, run, busy: phase.kind !== 'idle' };
}
