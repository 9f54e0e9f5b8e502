import '@mantine/dropzone/styles.css';
import { IMAGE_UPLOAD, type Image } from '@incentive/contracts';
import { Box, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ImageChange } from '../lib/form-data.ts';
import { useTranslation } from '../lib/i18n.ts';
import { registerStrings } from '../lib/lazy-strings.ts';
import { toastError } from '../lib/toast.ts';
import en from '../locales/image-input/en.json';
import pl from '../locales/image-input/pl.json';
import { DropZoneBody } from './drop-zone-body.tsx';

// Its labels come with it: the forms that use it are lazy, so they stay out of the entry.
registerStrings({ pl, en });

/** What an image field shows: the stored image, unless a new file replaces it or it was removed. */
export function ImagePreview({ current, change, alt }: { current: Image | null; change: ImageChange; alt: string }) {
  const { t } = useTranslation();
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const file = change.kind === 'file' ? change.file : null;
  // An object URL lives as long as its preview.
  useEffect(() => {
    if (!file) return setFileUrl(null);
    const url = URL.createObjectURL(file);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const style = { maxWidth: '100%', maxHeight: 240, borderRadius: 8, display: 'block' } as const;
  if (fileUrl) return <img src={fileUrl} alt={alt} style={style} />;
  if (change.kind === 'keep' && current) {
    return (
      <picture>
        <source type="image/webp" srcSet={current.webp} sizes="(max-width: 48em) 100vw, 480px" />
        <img
          src={current.url}
          srcSet={current.jpeg}
          sizes="(max-width: 48em) 100vw, 480px"
          width={current.width}
          height={current.height}
          alt={alt}
          style={{ ...style, width: 'auto', height: 'auto' }}
        />
      </picture>
    );
  }
  return (
    <Text fz="sm" c="dimmed">
      {t('imageInput.none')}
    </Text>
  );
}

/**
 * An image picker (SPEC.md section 5): drop or choose one png, jpg or jpeg of at most 5 MB; anything
 * else is refused with the 'wrong file' toast. The server checks the bytes again.
 */
export function ImageDropzone({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => {
        const file = files[0];
        if (file) onFile(file);
      }}
      onReject={() => toastError(t('imageInput.wrongFile'))}
      maxSize={IMAGE_UPLOAD.maxBytes}
      accept={{ 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] }}
      multiple={false}
      inputProps={{ 'aria-label': label }}
      radius="md"
    >
      <DropZoneBody
        minHeight={120}
        idleIcon={<IconPhoto size={40} color="var(--mantine-color-dimmed)" aria-hidden />}
        title={t('imageInput.drop')}
        hint={t('imageInput.hint')}
        hintColor="dimmed"
      />
    </Dropzone>
  );
}

/** The image field of a form: its preview above the drop zone. */
export function ImageInput({
  label,
  current,
  change,
  onChange,
}: {
  label: string;
  current: Image | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
}) {
  return (
    <Stack gap="xs">
      <Box>
        <ImagePreview current={current} change={change} alt={label} />
      </Box>
      <ImageDropzone label={label} onFile={(file) => onChange({ kind: 'file', file })} />
    </Stack>
  );
}
