import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { UploadType } from './image-type.ts';
import { type ImageFormat, largestWidth, variantWidths } from './image-urls.ts';

/**
 * Largest original accepted, in pixels (50 MP: a big phone photo). A PNG of a few KB can declare
 * 30000x30000 and would need gigabytes once decoded; sharp refuses it before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Quality for both encoders: visually clean photos and screenshots at a fraction of the upload. */
const QUALITY = 80;

export interface EncodedVariant {
  width: number;
  height: number;
  format: ImageFormat;
  bytes: Buffer;
}

export interface EncodedImage {
  /** The size of the largest variant. */
  width: number;
  height: number;
  variants: EncodedVariant[];
}

const unreadable = () => new AppError(422, 'upload.imageUnreadable', {}, { image: ['upload.imageUnreadable'] });

/**
 * Decodes the upload once (EXIF orientation applied, colour converted to sRGB, scaled to the
 * largest variant, metadata dropped because raw pixels carry none), then encodes every width as
 * WebP and JPEG (mozjpeg; transparency flattened onto white, as JPEG has none).
 * Pure CPU work in sharp's thread pool: call it before opening any database transaction.
 */
export async function encodeImage(bytes: Buffer, type: UploadType): Promise<EncodedImage> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const { width, height } = meta.autoOrient;
    if (meta.format !== type || !width || !height || width * height > MAX_INPUT_PIXELS) throw unreadable();
    const largest = largestWidth(width);
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const variants = await Promise.all(
      variantWidths(info.width).flatMap((w) => {
        const scaled = () => {
          const img = sharp(data, { raw });
          return w === info.width ? img : img.resize({ width: w });
        };
        return [
          encode(scaled().webp({ quality: QUALITY }), 'webp'),
          encode(scaled().flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }), 'jpeg'),
        ];
      }),
    );
    return { width: info.width, height: info.height, variants };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // sharp's own failures: corrupt or truncated data, over the pixel limit, an unsupported sub-format.
    throw unreadable();
  }
}

async function encode(pipeline: Sharp, format: ImageFormat): Promise<EncodedVariant> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format, bytes: data };
}
