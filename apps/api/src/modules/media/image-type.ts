/** The raster formats accepted for upload. */
export type UploadType = 'png' | 'jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The type of an upload by its first bytes only: the file name and the Content-Type the browser
 * sent are the client's claims, the signature is what the decoder will actually read.
 */
export function detectImageType(bytes: Uint8Array): UploadType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 8));
  if (head.length >= 8 && head.equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 3 && head.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/**
 * Does a PNG carry bytes after its IEND chunk? A decoder ignores them, which is how a PNG doubles as
 * an HTML, script or ZIP file (a polyglot). Nothing legitimate writes there, so such a file is
 * refused. A chunk list that runs past the end is left to the decoder (a broken image). JPEGs are
 * not checked this way: phones append gain maps and motion-photo videos after the end marker, and
 * only the re-encoded variants are ever stored or served.
 */
export function pngHasTrailer(bytes: Uint8Array): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= view.length) {
    const length = view.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > view.length) return false;
    if (view.toString('latin1', at + 4, at + 8) === 'IEND') return end < view.length;
    at = end;
  }
  return false;
}
