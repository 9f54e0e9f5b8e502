import type { Image } from '@incentive/contracts';
import { Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';

/**
 * A back-office table row's image: the smallest rendition (320 px), cropped to a box `width` wide and 40 px high,
 * or a grey box saying `noImageLabel` when there is none.
 */
export function RowThumb({ image, width, noImageLabel }: { image: Image | null; width: number; noImageLabel: string }) {
  const box = {
    width,
    height: 40,
    borderRadius: 4,
    display: 'block',
    flexShrink: 0,
  } as const;
  if (!image) {
    return (
      <Center style={{ ...box, background: 'var(--mantine-color-gray-1)' }} title={noImageLabel}>
        <IconPhotoOff size={18} color="var(--mantine-color-gray-6)" aria-label={noImageLabel} />
      </Center>
    );
  }
  return (
    <picture>
      <source type="image/webp" srcSet={image.webp} sizes={`${width}px`} />
      <img
        src={image.url}
        srcSet={image.jpeg}
        sizes={`${width}px`}
        width={box.width}
        height={box.height}
        alt=""
        loading="lazy"
        decoding="async"
        style={{ ...box, objectFit: 'cover' }}
      />
    </picture>
  );
}
