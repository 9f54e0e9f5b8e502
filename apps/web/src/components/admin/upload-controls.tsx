import { SALES_IMPORT_ENCODINGS, type SalesImportEncoding } from '@incentive/contracts';
import { Group, Loader, Progress, Select, Stack, Text } from '@mantine/core';
import type { UploadPhase } from '../../lib/upload-file.ts';

/**
 * The parts of a back-office file upload (the sales import, bulk onboarding): the CSV encoding's
 * picker, and the upload's progress (the bytes sent, then the server at work). The texts come from
 * the feature that shows them.
 */

export function EncodingSelect({
  value,
  onChange,
  disabled,
  label,
  options,
}: {
  value: SalesImportEncoding;
  onChange: (encoding: SalesImportEncoding) => void;
  disabled: boolean;
  label: string;
  options: Record<SalesImportEncoding, string>;
}) {
  return (
    <Select
      label={label}
      data={SALES_IMPORT_ENCODINGS.map((e) => ({ value: e, label: options[e] }))}
      value={value}
      onChange={(v) => v && onChange(v as SalesImportEncoding)}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 240 }}
    />
  );
}

export function UploadProgress({
  phase,
  uploading,
  uploadingLabel,
  processing,
  testId,
}: {
  phase: UploadPhase;
  /** "Sending the file: 40%". */
  uploading: (percent: number) => string;
  uploadingLabel: string;
  /** What the server does once every byte arrived. */
  processing: string;
  testId: string;
}) {
  if (phase.kind === 'uploading') {
    return (
      <Stack gap={4} data-testid={testId}>
        <Text fz="sm">{uploading(phase.percent)}</Text>
        <Progress value={phase.percent} aria-label={uploadingLabel} animated />
      </Stack>
    );
  }
  if (phase.kind === 'processing') {
    return (
      <Stack gap={4} data-testid={testId}>
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text fz="sm" role="status">
            {processing}
          </Text>
        </Group>
        <Progress value={100} striped animated aria-label={processing} />
      </Stack>
    );
  }
  return null;
}
