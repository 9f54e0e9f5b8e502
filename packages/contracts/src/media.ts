import { z } from 'zod';

/** Upload limits that the forms and the server share (SPEC.md section 5: png, jpg, jpeg, 5 MB). */
export const IMAGE_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  /** What the file picker offers; the server decides by the bytes, never by the name or this list. */
  accept: ['image/png', 'image/jpeg'],
  extensions: ['.png', '.jpg', '.jpeg'],
} as const;

/** Widths every uploaded image is re-encoded into (never upscaled): phones take the small ones. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * An uploaded image as the API returns it. Every URL is content-addressed (immutable, cached for
 * a year), so a browser picks a width from the srcsets and never downloads the original.
 * Render it with `<picture>`: a WebP `<source srcSet={webp}>` and an `<img src={url} srcSet={jpeg}>`.
 */
export const imageSchema = z.object({
  /** A JPEG of a middle width, for anything that takes one URL. */
  url: z.string(),
  /** srcset of the WebP variants: "/api/images/<hash>/320.webp 320w, …". */
  webp: z.string(),
  /** srcset of the JPEG variants, the fallback for browsers without WebP. */
  jpeg: z.string(),
  /** The intrinsic size of the largest variant, so the page reserves the space (no layout shift). */
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof imageSchema>;
