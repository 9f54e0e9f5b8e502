/**
 * An image field of a multipart form: keep the stored one (send nothing), replace it with a new
 * file, or remove it (an empty text part), as the quiz and article endpoints read it.
 */
export type ImageChange = { kind: 'keep' } | { kind: 'file'; file: File } | { kind: 'remove' };

type FieldValue = string | number | boolean | null | undefined | ImageChange;

/**
 * The body of a multipart call from plain fields: strings as they are, numbers and booleans as
 * text, null as an empty part, undefined and a kept image left out, a new image as its file part.
 */
export function buildFormData(fields: Record<string, FieldValue>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) body.append(name, '');
    else if (typeof value === 'object') {
      if (value.kind === 'file') body.append(name, value.file, value.file.name);
      else if (value.kind === 'remove') body.append(name, '');
    } else body.append(name, String(value));
  }
  return body;
}
