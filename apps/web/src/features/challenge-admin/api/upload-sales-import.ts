import type { SalesImport, SalesImportEncoding } from '@incentive/contracts';
import { useCallback } from 'react';
import type { ApiResult } from '../../../lib/api-client.ts';
import { type UploadPhase, uploadFile, useUpload } from '../../../lib/upload-file.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/**
 * The server reads (stages) the file while it arrives and answers 202 once it is queued (decision
 * 050); checking and paying run afterwards as a background job. A slow link still needs time to
 * send 50 MB: 10 minutes before giving up.
 */
export const IMPORT_TIMEOUT_MS = 10 * 60_000;

export type { UploadPhase };

/**
 * POST /api/sales-imports with the upload's progress (lib/upload-file.ts): the encoding field goes
 * before the file part. Success is 202 with the import queued (its job then checks and pays it;
 * useSalesImport follows it); a whole-file refusal is a 4xx with the server's message. Never throws.
 */
export function uploadSalesImport(
  file: File,
  encoding: SalesImportEncoding,
  onProgress: (phase: UploadPhase) => void,
): Promise<ApiResult<SalesImport>> {
  return uploadFile<SalesImport>(
    CHALLENGE_ADMIN_API.salesImports,
    [['encoding', encoding]],
    file,
    onProgress,
    IMPORT_TIMEOUT_MS,
  );
}

/**
 * The upload with its phase for the progress indicator; refreshes the history once it answered (a
 * queued import, or a refused file, is in it). The money moves later, in the job: the page's import
 * card refreshes what it changed when the import finishes.
 */
export function useSalesImportUpload() {
  const { phase, run, busy } = useUpload('sales-imports');
  const upload = useCallback(
    (file: File, encoding: SalesImportEncoding) => run((onProgress) => uploadSalesImport(file, encoding, onProgress)),
    [run],
  );
  return { phase, upload, busy };
}
