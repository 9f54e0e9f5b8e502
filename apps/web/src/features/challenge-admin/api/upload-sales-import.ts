import type { ErrorResponse, SalesImport, SalesImportEncoding } from '@incentive/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { ApiResult } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/session.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';
import { MONEY_ROOTS } from './revert-sales-import.ts';

/** A big file's staging and apply take time on the server (decision 026): 10 minutes before giving up. */
export const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** Where an upload is: sending bytes (with the percentage), then waiting for the server's answer. */
export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

/**
 * POST /api/sales-imports through XMLHttpRequest: fetch reports no upload progress. The encoding
 * field goes before the file part (the server reads the stream in order). Never throws.
 */
export function uploadSalesImport(
  file: File,
  encoding: SalesImportEncoding,
  onProgress: (phase: UploadPhase) => void,
): Promise<ApiResult<SalesImport>> {
  const body = new FormData();
  body.append('encoding', encoding);
  body.append('file', file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CHALLENGE_ADMIN_API.salesImports);
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', i18n.language || 'pl');
    const auth = getToken();
    if (auth) xhr.setRequestHeader('authorization', `${auth.type} ${auth.token}`);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      // Every byte sent (upload.onload does not always follow at once): the server is at work.
      if (e.loaded >= e.total) onProgress({ kind: 'processing' });
      else onProgress({ kind: 'uploading', percent: Math.round((e.loaded / e.total) * 100) });
    };
    // Every byte sent: from here the server reads, checks and applies the file.
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
        resolve({ isSuccess: true, status: xhr.status, payload: payload as SalesImport });
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

/** The upload with its phase for the progress indicator; refreshes what the money changed once it answered. */
export function useSalesImportUpload() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const running = useRef(false);
  const upload = useCallback(
    async (file: File, encoding: SalesImportEncoding) => {
      if (running.current) return null;
      running.current = true;
      try {
        const result = await uploadSalesImport(file, encoding, setPhase);
        // A refused file is in the history too (as failed).
        await Promise.all(MONEY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        return result;
      } finally {
        running.current = false;
        setPhase({ kind: 'idle' });
      }
    },
    [queryClient],
  );
  return { phase, upload, busy: phase.kind !== 'idle' };
}
