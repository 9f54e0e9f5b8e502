import { imageSchema } from '@incentive/contracts';
import { describe, expect, it } from 'vitest';
import { detectImageType, pngHasTrailer } from './image-type.ts';
import { imageOf, largestWidth, parseVariantFile, variantUrl, variantWidths } from './image-urls.ts';

const hash = 'ab'.repeat(32);

describe('variant widths', () => {
  it('are the standard widths below the largest, then the largest', () => {
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(321)).toEqual([320, 321]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(50)).toEqual([50]);
  });

  it('never upscale and cap at 1280', () => {
    expect(largestWidth(4000)).toBe(1280);
    expect(largestWidth(1280)).toBe(1280);
    expect(largestWidth(200)).toBe(200);
  });
});

describe('imageOf', () => {
  it('builds the URLs and srcsets from the hash and the largest width alone', () => {
    const image = imageOf({ hash, width: 1280, height: 720 });
    expect(imageSchema.parse(image)).toEqual({
      url: `/api/images/${hash}/640.jpg`,
      webp: `/api/images/${hash}/320.webp 320w, /api/images/${hash}/640.webp 640w, /api/images/${hash}/960.webp 960w, /api/images/${hash}/1280.webp 1280w`,
      jpeg: `/api/images/${hash}/320.jpg 320w, /api/images/${hash}/640.jpg 640w, /api/images/${hash}/960.jpg 960w, /api/images/${hash}/1280.jpg 1280w`,
      width: 1280,
      height: 720,
    });
  });

  it('points url at the largest variant when there is no 640', () => {
    expect(imageOf({ hash, width: 500, height: 300 })).toMatchObject({
      url: `/api/images/${hash}/500.jpg`,
      webp: `/api/images/${hash}/320.webp 320w, /api/images/${hash}/500.webp 500w`,
    });
    expect(imageOf({ hash, width: 100, height: 100 })?.url).toBe(`/api/images/${hash}/100.jpg`);
  });

  it('is null for no image', () => {
    expect(imageOf(null)).toBeNull();
  });

  it('writes URLs the image route reads back', () => {
    for (const [format, width] of [
      ['webp', 320],
      ['jpeg', 1280],
    ] as const) {
      const file = variantUrl(hash, width, format).split('/').pop()!;
      expect(parseVariantFile(file)).toEqual({ width, format });
    }
  });
});

describe('parseVariantFile', () => {
  it('refuses anything but <width>.webp or <width>.jpg with a width a variant can have', () => {
    for (const file of [
      '0.jpg',
      '0320.jpg',
      '1281.webp',
      '99999.webp',
      '320.png',
      '320.jpeg',
      '320.JPG',
      '320',
      '.jpg',
      '320.webp.jpg',
      '3e2.jpg',
      '-1.jpg',
      '320.webp ',
    ]) {
      expect(parseVariantFile(file), file).toBeNull();
    }
    expect(parseVariantFile('1.jpg')).toEqual({ width: 1, format: 'jpeg' });
  });
});

describe('detectImageType', () => {
  it('knows PNG and JPEG by their signatures only', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBP'))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('pngHasTrailer', () => {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const png = Buffer.concat([
    sig,
    chunk('IHDR', Buffer.alloc(13)),
    chunk('IDAT', Buffer.alloc(20)),
    chunk('IEND', Buffer.alloc(0)),
  ]);

  it('finds bytes after IEND (an HTML or ZIP polyglot), and none in a plain PNG', () => {
    expect(pngHasTrailer(png)).toBe(false);
    expect(pngHasTrailer(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]))).toBe(true);
    expect(pngHasTrailer(Buffer.concat([png, Buffer.from('PK\x03\x04')]))).toBe(true);
  });

  it('leaves a cut or malformed chunk list to the decoder', () => {
    expect(pngHasTrailer(png.subarray(0, png.length - 6))).toBe(false);
    expect(pngHasTrailer(Buffer.concat([sig, Buffer.from('<html>')]))).toBe(false);
  });
});
