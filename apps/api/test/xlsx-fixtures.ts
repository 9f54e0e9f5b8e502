import { crc32, deflateRawSync } from 'node:zlib';

/*
 * ZIP and XLSX files written by hand for the file-safety tests (decision 051): raw XML in any order,
 * stored or deflated, with sizes that may lie, so a test can build what a writer library refuses to.
 */

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Stored (0) instead of deflated (8). */
  store?: boolean;
  /** The uncompressed size the headers declare (a lie when it differs from the data's). */
  declaredSize?: number;
}

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = typeof e.data === 'string' ? Buffer.from(e.data) : e.data;
    const body = e.store ? data : deflateRawSync(data, { level: 9 });
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A cell: a number, inline text, shared string (by index), or raw XML of a <c> element's inside. */
export type XCell = number | string | { s: number } | { raw: string; t?: string; style?: number };

export function colName(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** A worksheet's XML from rows of cells (row numbers from 1 unless given). */
export function sheetXml(rows: (XCell[] | { r: number; cells: XCell[] })[]): string {
  const body = rows
    .map((row, i) => {
      const r = Array.isArray(row) ? i + 1 : row.r;
      const cells = Array.isArray(row) ? row : row.cells;
      const cs = cells
        .map((c, j) => {
          const ref = `${colName(j + 1)}${r}`;
          if (typeof c === 'number') return `<c r="${ref}"><v>${c}</v></c>`;
          if (typeof c === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`;
          if ('s' in c) return `<c r="${ref}" t="s"><v>${c.s}</v></c>`;
          return `<c r="${ref}"${c.t ? ` t="${c.t}"` : ''}${c.style !== undefined ? ` s="${c.style}"` : ''}>${c.raw}</c>`;
        })
        .join('');
      return `<row r="${r}">${cs}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

export function sharedStringsXml(items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${items.length}" uniqueCount="${items.length}">${items.map((s) => (s.startsWith('<') ? `<si>${s}</si>` : `<si><t>${esc(s)}</t></si>`)).join('')}</sst>`;
}

/** Styles: xf 0 General, xf 1 a built-in date (14), xf 2 a custom date format 'dd.mm.yyyy'. */
export const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd\\.mm\\.yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>';

/**
 * An XLSX: the workbook lists the sheets in the given order; `sharedStrings` after the sheets in
 * the ZIP (as Excel writes them) unless `sharedFirst`; more parts may be added (or replace these).
 */
export function xlsx(
  sheets: string[],
  opts: { sharedStrings?: string; styles?: string; sharedFirst?: boolean; extra?: ZipEntry[]; date1904?: boolean } = {},
): Buffer {
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${sheets.map((_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
  const shared: ZipEntry[] = opts.sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: opts.sharedStrings }] : [];
  const replaced = new Set((opts.extra ?? []).map((e) => e.name));
  const parts: ZipEntry[] = [
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: rels },
    { name: 'xl/styles.xml', data: opts.styles ?? STYLES_XML },
    ...(opts.sharedFirst ? shared : []),
    ...sheets.map((data, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data })),
    ...(opts.sharedFirst ? [] : shared),
  ].filter((e) => !replaced.has(e.name));
  return zip([...parts, ...(opts.extra ?? [])]);
}
