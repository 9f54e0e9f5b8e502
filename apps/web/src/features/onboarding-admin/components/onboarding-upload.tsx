import '@mantine/dropzone/styles.css';
import {
  ONBOARDING_LIMITS,
  type OnboardingImport,
  type OnboardingKind,
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_OPTIONAL_COLUMNS,
  type SalesImportEncoding,
  WAREHOUSE_IMPORT_COLUMNS,
  WAREHOUSE_IMPORT_OPTIONAL_COLUMNS,
} from '@incentive/contracts';
import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { EncodingSelect, UploadProgress } from '../../../components/admin/upload-controls.tsx';
import { DropZoneBody } from '../../../components/drop-zone-body.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { ONBOARDING_API } from '../api/endpoints.ts';
import { useOnboardingUpload } from '../api/onboarding-api.ts';

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};
const isTableFile = (name: string) => /\.(csv|xlsx)$/i.test(name);

const headersOf = (kind: OnboardingKind) =>
  Object.values(
    kind === 'people'
      ? { ...PEOPLE_IMPORT_COLUMNS, ...PEOPLE_IMPORT_OPTIONAL_COLUMNS }
      : { ...WAREHOUSE_IMPORT_COLUMNS, ...WAREHOUSE_IMPORT_OPTIONAL_COLUMNS },
  ).map((names) => names[0]);

/**
 * Choosing what to import (people; warehouses for the roles that create them), the file, its
 * encoding, then "Sprawdź plik": the server reads and checks every row and answers the preview.
 * The template of each kind downloads as XLSX (with an instructions sheet) or CSV.
 */
export function OnboardingUpload({
  mayImportWarehouses,
  onPreview,
}: {
  mayImportWarehouses: boolean;
  onPreview: (i: OnboardingImport) => void;
}) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<OnboardingKind>('people');
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<SalesImportEncoding>('auto');
  // A new drop zone after each upload: its input forgets the last file, so the same one can be chosen again.
  const [round, setRound] = useState(0);
  const { phase, upload, busy } = useOnboardingUpload();
  const megabytes = (bytes: number) =>
    (bytes / 1024 / 1024).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { maximumFractionDigits: 2 });

  const run = async () => {
    if (!file) {
      toastError(t('onboarding.upload.fileRequired'));
      return;
    }
    const answer = await upload(file, kind, encoding);
    if (!answer) return;
    setRound((r) => r + 1);
    if (answer.isSuccess) {
      setFile(null);
      onPreview(answer.payload);
      toastSuccess(answer.payload.message || t('onboarding.upload.previewed'));
    } else toastFailure(answer, 'onboarding.preview.errorLoad');
  };

  const template = async (format: 'xlsx' | 'csv') => {
    const name = `${kind === 'people' ? 'szablon-osoby' : 'szablon-hurtownie'}.${format}`;
    if (!(await downloadCsv(ONBOARDING_API.template, { kind, format }, name)))
      toastError(t('onboarding.upload.templateError'));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('onboarding.upload.title')}
        </Title>
        {mayImportWarehouses && (
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="onboarding-kind-label">
              {t('onboarding.upload.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="onboarding-kind-label"
              value={kind}
              onChange={(v) => setKind(v as OnboardingKind)}
              disabled={busy}
              data={[
                { value: 'people', label: t('onboarding.upload.people') },
                { value: 'warehouses', label: t('onboarding.upload.warehouses') },
              ]}
              w={{ base: '100%', xs: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        )}
        <Text fz="sm">
          {t(kind === 'people' ? 'onboarding.upload.columnsPeople' : 'onboarding.upload.columnsWarehouses', {
            columns: headersOf(kind).join(', '),
          })}
        </Text>
        <Text fz="sm" c="gray.7">
          {t('onboarding.upload.matching')}
        </Text>
        <Group gap="xs">
          <Text fz="sm">{t('onboarding.upload.template')}</Text>
          <Anchor component="button" type="button" fz="sm" onClick={() => template('xlsx')}>
            XLSX
          </Anchor>
          <Text fz="sm" c="gray.6" aria-hidden>
            ·
          </Text>
          <Anchor component="button" type="button" fz="sm" onClick={() => template('csv')}>
            CSV
          </Anchor>
        </Group>
        <Dropzone
          key={round}
          onDrop={(files) => {
            const f = files[0];
            if (f && isTableFile(f.name)) setFile(f);
            else toastError(t('sales.fileType'));
          }}
          onReject={(rejections) => {
            const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
            if (tooLarge)
              toastError(t('onboarding.upload.fileTooLarge', { count: ONBOARDING_LIMITS.fileBytes / 1024 / 1024 }));
            else toastError(t('sales.fileType'));
          }}
          maxSize={ONBOARDING_LIMITS.fileBytes}
          accept={ACCEPT}
          multiple={false}
          disabled={busy}
          inputProps={
            { 'aria-label': t('onboarding.upload.fileLabel'), 'data-testid': 'onboarding-file-input' } as object
          }
          radius="md"
        >
          <DropZoneBody
            minHeight={100}
            idleIcon={<IconFileSpreadsheet size={40} color="var(--mantine-color-gray-7)" aria-hidden />}
            title={file ? file.name : t('onboarding.upload.drop')}
            hint={
              file ? t('onboarding.upload.fileSize', { size: megabytes(file.size) }) : t('onboarding.upload.dropHint')
            }
            hintColor="gray.7"
          />
        </Dropzone>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <EncodingSelect
            value={encoding}
            onChange={setEncoding}
            disabled={busy}
            label={t('onboarding.upload.encoding')}
            options={{
              auto: t('onboarding.upload.encodingAuto'),
              'utf-8': t('onboarding.upload.encodingUtf8'),
              'windows-1250': t('onboarding.upload.encodingCp1250'),
            }}
          />
          <Button onClick={run} loading={busy} leftSection={<IconFileCheck size={16} aria-hidden />}>
            {t('onboarding.upload.run')}
          </Button>
        </Group>
        <UploadProgress
          phase={phase}
          uploading={(percent) => t('onboarding.upload.uploading', { percent })}
          uploadingLabel={t('onboarding.upload.uploadingLabel')}
          processing={t('onboarding.upload.processing')}
          testId="onboarding-progress"
        />
      </Stack>
    </Paper>
  );
}
