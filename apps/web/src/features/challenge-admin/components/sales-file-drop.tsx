import '@mantine/dropzone/styles.css';
import { SALES_IMPORT_LIMITS } from '@incentive/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toast.ts';
import { isSalesFileName, SALES_FILE_ACCEPT } from '../lib/sales-file.ts';

/**
 * The sales file's drop zone: one .csv or .xlsx of at most 50 MB; anything else is the 'wrong file
 * type' toast (SPEC.md section 8). The server decides the type by the bytes again.
 */
export function SalesFileDrop({
  file,
  onFile,
  disabled,
}: {
  file: File | null;
  onFile: (file: File) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const megabytes = (bytes: number) =>
    (bytes / 1024 / 1024).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { maximumFractionDigits: 2 });
  return (
    <Dropzone
      onDrop={(files) => {
        const f = files[0];
        if (f && isSalesFileName(f.name)) onFile(f);
        else toastError(t('sales.fileType'));
      }}
      onReject={(rejections) => {
        const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
        toastError(t(tooLarge ? 'sales.fileTooLarge' : 'sales.fileType'));
      }}
      maxSize={SALES_IMPORT_LIMITS.fileBytes}
      accept={SALES_FILE_ACCEPT}
      multiple={false}
      disabled={disabled}
      inputProps={{ 'aria-label': t('challengeAdmin.import.fileLabel'), 'data-testid': 'sales-file-input' } as object}
      radius="md"
    >
      <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={40} color="var(--mantine-color-blue-6)" aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={40} color="var(--mantine-color-red-6)" aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={40} color="var(--mantine-color-gray-7)" aria-hidden />
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text fz="md">{file ? file.name : t('challengeAdmin.import.drop')}</Text>
          <Text fz="sm" c="gray.7">
            {file
              ? t('challengeAdmin.import.fileSize', { size: megabytes(file.size) })
              : t('challengeAdmin.import.dropHint')}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
