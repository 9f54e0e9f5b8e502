import sharp from 'sharp';

const WIDTH = 1280;
const HEIGHT = 720;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A 1280x720 PNG for demo quizzes and articles: a diagonal gradient around `hue` (0-360) with soft
 * circles and `label` in the middle. Drawn as SVG and rasterized by sharp, so the seed needs no files.
 */
export async function demoImage(label: string, hue: number): Promise<Buffer> {
  const h = ((Math.round(hue) % 360) + 360) % 360;
  const second = (h + 40) % 360;
  const text = escapeXml(label);
  const fontSize = label.length > 28 ? 52 : 72;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${h}, 70%, 58%)"/>
      <stop offset="1" stop-color="hsl(${second}, 75%, 38%)"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1080" cy="120" r="260" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="160" cy="640" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="980" cy="620" r="90" fill="#ffffff" fill-opacity="0.12"/>
  <text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="${fontSize}" font-weight="700" fill="#ffffff">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
