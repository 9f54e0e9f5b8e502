import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoImage } from './demo-images.ts';

describe('demoImage', () => {
  it('renders a 1280x720 PNG, different per label and hue', async () => {
    const a = await demoImage('Nowości w ofercie zimowej & <promocje>', 210);
    const b = await demoImage('Nowości w ofercie zimowej & <promocje>', 30);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 1280, height: 720 });
    expect(a.equals(b)).toBe(false);
    // The label is drawn: the middle band has white text pixels, the corners have none.
    const { data, info } = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const isWhite = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240;
    };
    let white = 0;
    for (let x = 0; x < 1280; x += 2) for (let y = 300; y < 420; y += 2) if (isWhite(x, y)) white++;
    expect(white).toBeGreaterThan(500);
    expect(isWhite(5, 5)).toBe(false);
  });

  it('renders a smaller 16:9 image when asked', async () => {
    expect(await sharp(await demoImage('Produkt', 120, 640)).metadata()).toMatchObject({ width: 640, height: 360 });
  });
});
