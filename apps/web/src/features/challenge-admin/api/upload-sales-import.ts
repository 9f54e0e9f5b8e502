import type { ErrorResponse, SalesImport, SalesImportEncoding } from '@incentive/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { type ApiResult, apiHeaders } from '../../../lib/api-client.ts';
import { rootKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/**
 * The server reads (stages) the file while it arrives and answers 202 once it is queued (decision
 * 050); checking and paying run afterwards as a background job. A slow link still needs time to
 * send 50 MB: 10 minutes before giving up.
 */
export const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** Where an upload is: sending bytes (with the percentage), then waiting for the server to queue it. */
export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

/**
 * POST /api/sales-imports through XMLHttpRequest: fetch reports no upload progress. The encoding
 * field goes before the file part (the server reads the stream in order). Success is 202 with the
 * import queued (its job then checks and pays it; useSalesImport follows it); a whole-file refusal
 * is a 4xx with the server's message. Never throws.
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
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      // Every byte sent (upload.onload does not always follow at once): the server is at work.
      if (e.loaded >= e.total) onProgress({ kind: 'processing' });
      else onProgress({ kind: 'uploading', percent: Math.round((e.loaded / e.total) * 100) });
    };
    // Every byte sent: the server finishes reading the file and queues it.
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

/**
 * The upload with its phase for the progress indicator; refreshes the history once it answered (a
 * queued import, or a refused file, is in it). The money moves later, in the job: the page's import
 * card refreshes what it changed when the import finishes.
 */
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
        await queryClient.invalidateQueries({ queryKey: rootKey('sales-imports') });
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
