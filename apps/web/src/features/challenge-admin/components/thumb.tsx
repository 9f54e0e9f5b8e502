import type { Image } from '@incentive/contracts';
import { Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

const W = 56;
const H = 40;

/** A row's image: the smallest rendition (320 px), cropped to a small box. */
export function Thumb({ image }: { image: Image | null }) {
  const { t } = useTranslation();
  const box = { width: W, height: H, borderRadius: 4, display: 'block', flexShrink: 0 } as const;
  if (!image) {
    return (
      <Center style={{ ...box, background: 'var(--mantine-color-gray-1)' }} title={t('challengeAdmin.noImage')}>
        <IconPhotoOff size={18} color="var(--mantine-color-gray-6)" aria-label={t('challengeAdmin.noImage')} />
      </Center>
    );
  }
  return (
    <picture>
      <source type="image/webp" srcSet={image.webp} sizes={`${W}px`} />
      <img
        src={image.url}
        srcSet={image.jpeg}
        sizes={`${W}px`}
        width={W}
        height={H}
        alt=""
        loading="lazy"
        decoding="async"
        style={{ ...box, objectFit: 'cover' }}
      />
    </picture>
  );
}
