import '@mantine/dropzone/styles.css';
import { SALES_IMPORT_LIMITS } from '@incentive/contracts';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { DropZoneBody } from '../../../components/drop-zone-body.tsx';
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
      <DropZoneBody
        minHeight={110}
        idleIcon={<IconFileSpreadsheet size={40} color="var(--mantine-color-gray-7)" aria-hidden />}
        title={file ? file.name : t('challengeAdmin.import.drop')}
        hint={
          file
            ? t('challengeAdmin.import.fileSize', { size: megabytes(file.size) })
            : t('challengeAdmin.import.dropHint')
        }
        hintColor="gray.7"
      />
    </Dropzone>
  );
}
