import multipart from '@fastify/multipart';
import { IMAGE_UPLOAD } from '@incentive/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { parseFields } from '../lib/form-fields.ts';

/**
 * Limits of one multipart form (an article is the largest: up to 5 MiB of content, checked by its
 * schema, so the field cap sits above that and 5 MiB + 1 byte still gets the article's own message).
 * Busboy enforces them while streaming, so nothing bigger is ever held in memory.
 */
export const FORM_LIMITS = {
  fileSize: IMAGE_UPLOAD.maxBytes,
  files: 1,
  fields: 30,
  /** One text field; the same cap holds for all text fields together (readForm). */
  fieldSize: 6 * 1024 * 1024,
  fieldNameSize: 100,
  parts: 40,
  headerPairs: 20,
} as const;

export interface FormFile {
  bytes: Buffer;
  /** The name of the form field the file came in. */
  field: string;
  /** As the browser sent it; never trusted for the type (media.service decides by the bytes). */
  filename: string;
}

export interface Form {
  fields: Record<string, string>;
  file: FormFile | null;
}

/** What a route that reads a form declares in its schema (it also documents the body in OpenAPI). */
export const MULTIPART = ['multipart/form-data'];

const takesForm = (req: FastifyRequest) =>
  (req.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes?.includes(MULTIPART[0]!) ?? false;

/**
 * Registers @fastify/multipart. A route reads its form with readForm (one call, whole form in
 * memory, nothing written to disk) and declares `schema: { consumes: MULTIPART }`; every other
 * route answers a multipart body with 415, as before the plugin (its parser would otherwise
 * hand JSON routes an empty body).
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: FORM_LIMITS });
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.routeOptions.url !== undefined && req.isMultipart() && !takesForm(req)) {
      return done(new AppError(415, 'errors.unsupportedMediaType'));
    }
    done();
  });
});

const tooLargeFile = () => new AppError(413, 'upload.tooLarge', {}, { image: ['upload.tooLarge'] });
const tooManyFiles = () => new AppError(422, 'upload.tooManyFiles', {}, { image: ['upload.tooManyFiles'] });
const tooLargeForm = () => new AppError(413, 'errors.payloadTooLarge');

/** Errors of @fastify/multipart and busboy, by code, as the user should read them. */
function formError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLargeFile();
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooLargeForm();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'upload.notMultipart');
    default:
      // Malformed bodies (no boundary, a part cut short, a field named like a prototype key).
      return new AppError(400, 'upload.notMultipart');
  }
}

/**
 * Reads a whole multipart/form-data body: text fields as strings, the one file part as a Buffer.
 * A field sent twice is refused (422) rather than silently picking one: no form of ours repeats
 * a name, so a duplicate is a client bug or a probe. An empty file part (a file input left empty,
 * `filename=""` and no bytes) counts as no file.
 */
export async function readForm(req: FastifyRequest): Promise<Form> {
  if (!req.isMultipart()) throw new AppError(415, 'upload.notMultipart');
  // No prototype: a field called `constructor` or `toString` is just a key.
  const fields: Record<string, string> = Object.create(null);
  let file: FormFile | null = null;
  const names = new Set<string>();
  let textBytes = 0;
  try {
    for await (const part of req.parts()) {
      if (names.has(part.fieldname)) {
        if (part.type === 'file') await part.toBuffer();
        throw new AppError(422, 'errors.validation', {}, { [part.fieldname]: ['errors.validation'] });
      }
      names.add(part.fieldname);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        if (file) throw tooManyFiles();
        file = { bytes, field: part.fieldname, filename: part.filename };
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLargeForm();
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      textBytes += Buffer.byteLength(value);
      if (textBytes > FORM_LIMITS.fieldSize) throw tooLargeForm();
      fields[part.fieldname] = value;
    }
  } catch (err) {
    throw formError(err);
  }
  return { fields, file };
}

/**
 * A form with an image (an article, a challenge, a product): its text fields validated with the
 * contracts schema (a 422 naming each field's problems), and the image's bytes, or null when none
 * came. The one file may come only in the part named `image`: a file in another part is a 422 on
 * that part.
 */
export async function readImageForm<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
): Promise<{ fields: z.output<S>; image: Buffer | null }> {
  const form = await readForm(req);
  if (form.file && form.file.field !== 'image') {
    throw new AppError(422, 'errors.validation', {}, { [form.file.field]: ['errors.validation'] });
  }
  return { fields: parseFields(schema, form.fields), image: form.file?.bytes ?? null };
}

/** The file part of a streamed upload, as the route's handler gets it. */
export interface StreamedFile {
  filename: string;
  chunks: AsyncIterator<Buffer>;
  /** True when the file went over its size limit and was cut. */
  truncated(): boolean;
}

/**
 * Reads a form whose file is handled while it streams (the sales and onboarding imports): the text
 * fields named in `fields` first (each once), then the `file` part, handed to `onFile` with the
 * fields read so far. Any other part before the file is a 422; parts after it are read and ignored.
 * Busboy's limits become 413s (`tooLarge` for the file), anything unreadable a 400.
 */
export async function readStreamedUpload<T>(
  req: FastifyRequest,
  opts: {
    fields: readonly string[];
    limits: { fileSize: number; files: number; fields: number; parts: number; fieldSize: number };
    tooLarge: () => AppError;
    missingFile: () => AppError;
    onFile: (fields: Record<string, string>, file: StreamedFile) => Promise<T>;
  },
): Promise<T> {
  if (!req.isMultipart()) throw new AppError(415, 'upload.notMultipart');
  const fields: Record<string, string> = Object.create(null);
  let result: { value: T } | null = null;
  try {
    for await (const part of req.parts({ limits: opts.limits })) {
      if (result) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'field') {
        if (!opts.fields.includes(part.fieldname) || part.fieldname in fields) {
          throw new AppError(422, 'errors.validation', {}, { [part.fieldname]: ['errors.validation'] });
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part.file;
      if (part.fieldname !== 'file') {
        file.resume();
        throw new AppError(422, 'errors.validation', {}, { [part.fieldname]: ['errors.validation'] });
      }
      try {
        result = {
          value: await opts.onFile(fields, {
            filename: part.filename,
            chunks: file[Symbol.asyncIterator]() as AsyncIterator<Buffer>,
            truncated: () => file.truncated === true,
          }),
        };
      } finally {
        // A refusal before the file was read (its fields): what is left is read, so the request ends.
        if (!result) file.resume();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(413, 'errors.payloadTooLarge');
    }
    throw new AppError(400, 'upload.notMultipart');
  }
  if (!result) throw opts.missingFile();
  return result.value;
}
