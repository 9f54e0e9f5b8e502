import { API, apiPath, IMAGE_WIDTHS, type Image } from '@incentive/contracts';

export type ImageFormat = 'webp' | 'jpeg';

/** The widest variant kept: larger originals are scaled down to it, smaller ones are never upscaled. */
export const MAX_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The width `url` prefers: a middle size that looks right in a card on any screen. */
export const URL_WIDTH = 640;

/** File extension in the URL per stored format. */
export const EXTENSION: Record<ImageFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/**
 * The variant widths of an image whose largest variant is `largest` px wide: every standard width
 * below it, then the largest itself. A pure function, so URLs need only the hash and that width.
 */
export function variantWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** The width of the largest variant of an original `width` px wide. */
export const largestWidth = (width: number) => Math.min(width, MAX_WIDTH);

// A Map, not an object: `320.constructor` must not find Object.prototype.constructor.
const FORMAT_OF = new Map<string, ImageFormat>([
  [EXTENSION.webp, 'webp'],
  [EXTENSION.jpeg, 'jpeg'],
]);

/** `<width>.<webp|jpg>` with a width a variant can have (1..1280, no leading zeros), else null. */
export function parseVariantFile(file: string): { width: number; format: ImageFormat } | null {
  const match = /^([1-9][0-9]{0,3})\.([a-z]+)$/.exec(file);
  const format = match ? FORMAT_OF.get(match[2]!) : undefined;
  const width = Number(match?.[1]);
  if (!format || width > MAX_WIDTH) return null;
  return { width, format };
}

export function variantUrl(hash: string, width: number, format: ImageFormat): string {
  return apiPath(API.image, { hash, file: `${width}.${EXTENSION[format]}` });
}

function srcset(hash: string, widths: number[], format: ImageFormat): string {
  return widths.map((w) => `${variantUrl(hash, w, format)} ${w}w`).join(', ');
}

/** The API shape of a stored image (or null), from its row alone. */
export function imageOf(row: { hash: string; width: number; height: number } | null): Image | null {
  if (!row) return null;
  const widths = variantWidths(row.width);
  const urlWidth = widths.includes(URL_WIDTH) ? URL_WIDTH : row.width;
  return {
    url: variantUrl(row.hash, urlWidth, 'jpeg'),
    webp: srcset(row.hash, widths, 'webp'),
    jpeg: srcset(row.hash, widths, 'jpeg'),
    width: row.width,
    height: row.height,
  };
}

/** The URL of an image's variants up to the hash's end (`/api/images/`), as apiPath writes it. */
export const IMAGES_PREFIX = apiPath(API.image, { hash: '', file: '' }).replace(/\/+$/, '/');
