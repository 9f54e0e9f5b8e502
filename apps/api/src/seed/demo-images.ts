import sharp from 'sharp';

const WIDTH = 1280;
const HEIGHT = 720;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Words into lines of at most `max` characters (a longer word gets a line of its own). */
function wrap(label: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of label.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A 16:9 PNG (1280x720 unless `width` says less) for demo quizzes, articles and products: a diagonal
 * gradient around `hue` (0-360) with soft circles and `label` in the middle. Drawn as SVG and
 * rasterized by sharp, so the seed needs no files. A smaller width has fewer variants to encode.
 */
export async function demoImage(label: string, hue: number, width: number = WIDTH): Promise<Buffer> {
  const h = ((Math.round(hue) % 360) + 360) % 360;
  const second = (h + 40) % 360;
  const lines = wrap(label, 26).slice(0, 3);
  const fontSize = lines.length > 1 ? 60 : 72;
  const lineHeight = fontSize * 1.25;
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, i) => `<tspan x="50%" y="${Math.round(top + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const height = Math.round((width * HEIGHT) / WIDTH);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${h}, 65%, 50%)"/>
      <stop offset="1" stop-color="hsl(${second}, 75%, 38%)"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1080" cy="120" r="260" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="160" cy="640" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="980" cy="620" r="90" fill="#ffffff" fill-opacity="0.12"/>
  <text text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="${fontSize}" font-weight="700" fill="#ffffff">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
