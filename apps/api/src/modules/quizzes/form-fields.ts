export { parseFields } from '../../lib/form-fields.ts';

/** What a form says about the image: a new file, an empty `image` field to remove it, or nothing to keep it. */
export type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; bytes: Buffer };

export function imageChangeOf(form: { fields: Record<string, string>; file: { bytes: Buffer } | null }): ImageChange {
  if (form.file) return { kind: 'set', bytes: form.file.bytes };
  if (form.fields.image !== undefined && form.fields.image.trim() === '') return { kind: 'remove' };
  return { kind: 'keep' };
}
