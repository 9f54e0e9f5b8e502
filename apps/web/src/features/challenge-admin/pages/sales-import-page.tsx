import '../lib/strings.ts';
import { SALES_IMPORT_ENCODINGS, type SalesImport, type SalesImportEncoding } from '@incentive/contracts';
import { Anchor, Button, Code, Group, Loader, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { CHALLENGE_ADMIN_API } from '../api/endpoints.ts';
import { useSalesImportUpload } from '../api/upload-sales-import.ts';
import { ImportHistory } from '../components/import-history.tsx';
import { ImportResult } from '../components/import-result.tsx';
import { ManagerReclaims } from '../components/manager-reclaims.tsx';
import { SalesFileDrop } from '../components/sales-file-drop.tsx';
import { columnHeaders, exampleCsv } from '../lib/sales-file.ts';

const ENCODING_KEYS: Record<SalesImportEncoding, string> = {
  auto: 'challengeAdmin.import.encodingAuto',
  'utf-8': 'challengeAdmin.import.encodingUtf8',
  'windows-1250': 'challengeAdmin.import.encodingCp1250',
};

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
 * `/challenges/imports` (issue 15, sales.import): upload a sales-results file (CSV or XLSX) with a
 * progress indicator (upload %, then 'Przetwarzanie…' until the server answers), the counts of what
 * it did, the report of rejected rows, the history with revert, and the money taken back from
 * regional managers (decision 045).
 */
export function SalesImportPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<SalesImportEncoding>('auto');
  const [result, setResult] = useState<SalesImport | null>(null);
  const [reporting, setReporting] = useState(false);
  // A new drop zone after each import: its file input forgets the last file, so the same file can be chosen again.
  const [round, setRound] = useState(0);
  const { phase, upload, busy } = useSalesImportUpload();

  const run = async () => {
    if (!file) {
      toastError(t('sales.fileRequired'));
      return;
    }
    setResult(null);
    const answer = await upload(file, encoding);
    if (!answer) return;
    setRound((r) => r + 1);
    if (answer.isSuccess) {
      setResult(answer.payload);
      setFile(null);
      toastSuccess(answer.payload.message || t('challengeAdmin.import.done'));
    } else toastFailure(answer, 'challengeAdmin.toast.errorImport');
  };

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
            <Select
              label={t('challengeAdmin.import.encoding')}
              data={SALES_IMPORT_ENCODINGS.map((e) => ({ value: e, label: t(ENCODING_KEYS[e]) }))}
              value={encoding}
              onChange={(v) => v && setEncoding(v as SalesImportEncoding)}
              allowDeselect={false}
              disabled={busy}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', sm: 240 }}
            />
            <Button onClick={run} loading={busy} leftSection={<IconFileImport size={16} aria-hidden />}>
              {t('challengeAdmin.import.run')}
            </Button>
          </Group>
          {phase.kind === 'uploading' && (
            <Stack gap={4} data-testid="import-progress">
              <Text fz="sm">{t('challengeAdmin.import.uploading', { percent: phase.percent })}</Text>
              <Progress value={phase.percent} aria-label={t('challengeAdmin.import.uploadingLabel')} animated />
            </Stack>
          )}
          {phase.kind === 'processing' && (
            <Stack gap={4} data-testid="import-progress">
              <Group gap="xs">
                <Loader size="xs" aria-hidden />
                <Text fz="sm" role="status">
                  {t('challengeAdmin.import.processing')}
                </Text>
              </Group>
              <Progress value={100} striped animated aria-label={t('challengeAdmin.import.processing')} />
            </Stack>
          )}
        </Stack>
      </Paper>
      {result && <ImportResult result={result} onReport={() => report(result)} reporting={reporting} />}
      <ImportHistory onReport={report} />
      <ManagerReclaims />
    </Page>
  );
}
