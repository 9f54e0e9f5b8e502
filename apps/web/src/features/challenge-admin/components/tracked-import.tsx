import type { SalesImport } from '@incentive/contracts';
import { Center, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { rootKey } from '../../../lib/query-keys.ts';
import { toastSuccess, toastWarning } from '../../../lib/toast.ts';
import { useSalesImport } from '../api/get-sales-import.ts';
import { MONEY_ROOTS } from '../api/revert-sales-import.ts';
import { isImportRunning } from '../lib/import-progress.ts';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';

// Only an import with held rows needs the panel (and its table's code).
const HeldRowsPanel = lazy(() => import('./held-rows-panel.tsx').then((m) => ({ default: m.HeldRowsPanel })));

/**
 * One import the page follows: its progress while it runs (asked again every 1–3 s), then its result
 * and, when rows wait for a decision, the held rows' panel. When it finishes under the page's eyes,
 * what its money changed is fetched again and a toast says so.
 */
export function TrackedImport({
  id,
  initial,
  onReport,
  reporting,
  onClose,
}: {
  id: number;
  initial?: SalesImport;
  onReport: (i: SalesImport) => void;
  reporting: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useSalesImport(id, initial);
  const item = query.data;
  const running = isImportRunning(item);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && item && !running) {
      void Promise.all(MONEY_ROOTS.map((root) => queryClient.invalidateQueries({ queryKey: rootKey(root) })));
      if (item.status === 'applied') {
        toastSuccess(
          item.rows_held > 0
            ? t('challengeAdmin.import.doneHeld', { file: item.file_name, count: item.rows_held })
            : t('challengeAdmin.import.doneFile', { file: item.file_name }),
        );
      } else if (item.status === 'failed') toastWarning(item.error || t('challengeAdmin.import.failed'));
    }
    wasRunning.current = running;
  }, [running, item, queryClient, t]);

  if (!item) {
    return (
      <Center py="md">
        <Loading size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="sm" data-testid="tracked-import">
      {running ? (
        <ImportProgress item={item} />
      ) : (
        <ImportResult result={item} onReport={() => onReport(item)} reporting={reporting} onClose={onClose} />
      )}
      {!running && item.rows_held > 0 && item.status === 'applied' && (
        <Suspense
          fallback={
            <Center py="md">
              <Loading size="sm" />
            </Center>
          }
        >
          <HeldRowsPanel item={item} />
        </Suspense>
      )}
    </Stack>
  );
}
