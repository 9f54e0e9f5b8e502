import type { SalesImport, SalesImportEncoding } from '@incentive/contracts';
import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { EncodingSelect, UploadProgress } from '../../../components/admin/upload-controls.tsx';
import { Page } from '../../../components/page.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import type { TKey } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { CHALLENGE_ADMIN_API } from '../api/endpoints.ts';
import { useSalesImportUpload } from '../api/upload-sales-import.ts';
import { ImportHistory } from '../components/import-history.tsx';
import { ImportSettingsForm } from '../components/import-settings-form.tsx';
import { ManagerReclaims } from '../components/manager-reclaims.tsx';
import { SalesFileDrop } from '../components/sales-file-drop.tsx';
import { TrackedImport } from '../components/tracked-import.tsx';
import { columnHeaders, exampleCsv } from '../lib/sales-file.ts';
import { challengeAdminStrings } from '../lib/strings.ts';

registerStrings(challengeAdminStrings);

const ENCODING_KEYS: Record<SalesImportEncoding, TKey> = {
  auto: 'challengeAdmin.import.encodingAuto',
  'utf-8': 'challengeAdmin.import.encodingUtf8',
  'windows-1250': 'challengeAdmin.import.encodingCp1250',
};

/** How many imports the page follows at once (older ones stay in the history). */
const MAX_TRACKED = 4;

interface Tracked {
  id: number;
  /** What the server last said (the upload's 202, or the history's row): shown until the first poll answers. */
  initial: SalesImport;
}

/** Saves a CSV built in the browser (the example file). */
function saveText(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `/challenges/imports` (issue 15, sales.import): upload a sales-results file (CSV or XLSX) with the
 * upload's percentage; the server queues it (202) and a background job checks and pays it (decision
 * 050): the page follows each import it started (its place in the queue, rows checked, counts and
 * money so far), then shows what it did, the report of rejected rows and the rows held for a
 * decision (issue 28). Another file may be sent while one runs: it waits its turn, visibly. Below:
 * the history with revert, the plausibility limits, and the money taken back from regional managers
 * (decision 045).
 */
export function SalesImportPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<SalesImportEncoding>('auto');
  // The imports this page follows, newest first: uploaded here, or opened from the history for their held rows.
  const [tracked, setTracked] = useState<Tracked[]>([]);
  const [reporting, setReporting] = useState(false);
  // A new drop zone after each import: its file input forgets the last file, so the same file can be chosen again.
  const [round, setRound] = useState(0);
  const { phase, upload, busy } = useSalesImportUpload();
  const tracking = useRef<HTMLDivElement>(null);

  const run = async () => {
    if (!file) {
      toastError(t('sales.fileRequired'));
      return;
    }
    const answer = await upload(file, encoding);
    if (!answer) return;
    setRound((r) => r + 1);
    if (answer.isSuccess) {
      const queued = answer.payload;
      follow(queued);
      setFile(null);
      toastSuccess(queued.message || t('challengeAdmin.import.queued'));
    } else toastFailure(answer, 'challengeAdmin.toast.errorImport');
  };

  /** Puts an import at the top of the followed ones (at most MAX_TRACKED), in view. */
  const follow = (item: SalesImport) => {
    setTracked((list) =>
      [{ id: item.id, initial: item }, ...list.filter((x) => x.id !== item.id)].slice(0, MAX_TRACKED),
    );
    requestAnimationFrame(() => tracking.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  };
  const unfollow = (id: number) => setTracked((list) => list.filter((x) => x.id !== id));

  const report = async (i: SalesImport) => {
    setReporting(true);
    const ok = await downloadCsv(CHALLENGE_ADMIN_API.salesImportRejected(i.id), {}, `odrzucone-wiersze-${i.id}.csv`);
    setReporting(false);
    if (!ok) toastError(t('table.exportError'));
  };

  return (
    <Page
      title={t('challengeAdmin.import.title')}
      subtitle={t('challengeAdmin.import.subtitle')}
      actions={
        <Button
          variant="default"
          component={Link}
          to={paths.challenges()}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('challengeAdmin.import.back')}
        </Button>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('challengeAdmin.import.uploadTitle')}
          </Title>
          <Text fz="sm">
            {t('challengeAdmin.import.columnsHelp')}{' '}
            {columnHeaders().map((h, i) => (
              <span key={h}>
                {i > 0 && ', '}
                <Code>{h}</Code>
              </span>
            ))}
            . {t('challengeAdmin.import.columnsHelp2')}{' '}
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => saveText(exampleCsv(), 'przyklad-sprzedaz.csv')}
            >
              {t('challengeAdmin.import.example')}
            </Anchor>
          </Text>
          <SalesFileDrop key={round} file={file} onFile={setFile} disabled={busy} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <EncodingSelect
              value={encoding}
              onChange={setEncoding}
              disabled={busy}
              label={t('challengeAdmin.import.encoding')}
              options={{
                auto: t(ENCODING_KEYS.auto),
                'utf-8': t(ENCODING_KEYS['utf-8']),
                'windows-1250': t(ENCODING_KEYS['windows-1250']),
              }}
            />
            <Button onClick={run} loading={busy} leftSection={<IconFileImport size={16} aria-hidden />}>
              {t('challengeAdmin.import.run')}
            </Button>
          </Group>
          <UploadProgress
            phase={phase}
            uploading={(percent) => t('challengeAdmin.import.uploading', { percent })}
            uploadingLabel={t('challengeAdmin.import.uploadingLabel')}
            processing={t('challengeAdmin.import.processing')}
            testId="import-progress"
          />
        </Stack>
      </Paper>
      {tracked.length > 0 && (
        <Stack gap="md" ref={tracking}>
          {tracked.map((x) => (
            <TrackedImport
              key={x.id}
              id={x.id}
              initial={x.initial}
              onReport={report}
              reporting={reporting}
              onClose={() => unfollow(x.id)}
            />
          ))}
        </Stack>
      )}
      <ImportHistory onReport={report} onReview={follow} />
      <ImportSettingsForm />
      <ManagerReclaims />
    </Page>
  );
}
