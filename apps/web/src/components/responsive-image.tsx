import type { Image } from '@incentive/contracts';
import type { CSSProperties } from 'react';

/**
 * An uploaded image as the API serves it: a WebP source and a JPEG fallback, each as a srcset the
 * browser picks a width from (so a phone never downloads the desktop size). width/height give the
 * box its aspect ratio before the bytes arrive (no layout shift). Below-the-fold images load lazily;
 * pass `priority` for the one a page shows first.
 */
export function ResponsiveImage({
  image,
  sizes,
  alt,
  priority = false,
  className,
  style,
}: {
  image: Image;
  /** The rendered width by viewport, e.g. "(min-width: 992px) 25vw, 100vw". */
  sizes: string;
  alt: string;
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <picture>
      {image.webp && <source type="image/webp" srcSet={image.webp} sizes={sizes} />}
      <img
        src={image.url}
        srcSet={image.jpeg || undefined}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={className}
        style={{ display: 'block', maxWidth: '100%', height: 'auto', ...style }}
      />
    </picture>
  );
}
