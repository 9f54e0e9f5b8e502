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
