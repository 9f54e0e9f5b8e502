/*
 * A file's header row matched to the columns an import needs. ERP and spreadsheet exports name
 * columns in many ways ('Nr dokumentu', 'DOKUMENT', 'document_no'): a header is compared without
 * case, Polish letters, spaces, dots, dashes and underscores.
 */

const POLISH: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };

/** A header as compared: lower case, Polish letters without their marks, only letters and digits. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[ąćęłńóśźż]/g, (c) => POLISH[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

export type HeaderMatch<C extends string> =
  | { ok: true; at: Record<C, number>; optional: Partial<Record<string, number>> }
  | { ok: false; missing: string[] };

/**
 * A matcher for one kind of file: `required` and `optional` map each column to the headers it may
 * have (the first is its name in messages and templates). The first cell that matches a column
 * wins; other cells are ignored. Missing required columns are named by their first header.
 */
export function columnMatcher<C extends string, O extends string = never>(
  required: Record<C, readonly string[]>,
  optional: Partial<Record<O, readonly string[]>> = {},
): (header: readonly string[]) => HeaderMatch<C> & { optional?: Partial<Record<O, number>> } {
  const known = new Map<string, string>();
  for (const table of [required, optional] as Record<string, readonly string[]>[]) {
    for (const [column, names] of Object.entries(table)) {
      for (const name of names) if (!known.has(normalizeHeader(name))) known.set(normalizeHeader(name), column);
    }
  }
  const requiredColumns = Object.keys(required) as C[];
  return (header) => {
    const at: Record<string, number> = {};
    header.forEach((cell, i) => {
      const column = known.get(normalizeHeader(cell));
      if (column && at[column] === undefined) at[column] = i;
    });
    const missing = requiredColumns.filter((c) => at[c] === undefined);
    if (missing.length > 0) return { ok: false, missing: missing.map((c) => required[c][0] as string) };
    const opt: Record<string, number> = {};
    for (const c of Object.keys(optional)) if (at[c] !== undefined) opt[c] = at[c];
    return { ok: true, at: at as Record<C, number>, optional: opt as Partial<Record<O, number>> };
  };
}
