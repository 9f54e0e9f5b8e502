import { createRequire } from 'node:module';
import { type Lang, type TaxReportKind, translate, WARSAW_TIME_ZONE } from '@incentive/contracts';
import PDFDocument from 'pdfkit';

/*
 * A rep's yearly statement as a PDF (issue 30 point 4, decision 062), drawn with pdfkit in DejaVu
 * Sans, embedded (subset) in the file: PDF's standard fonts have no Polish letters, and a reader
 * without the font would show ą, ę, ł, ś, ż as gaps.
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface StatementInput {
  lang: Lang;
  year: number;
  organiser: { name: string; address: string };
  person: {
    name: string;
    email: string;
    assecoId: string | null;
    pesel: string | null;
    address: string;
    taxOffice: string | null;
    complete: boolean;
  };
  amounts: { kind: TaxReportKind; grosze: number }[];
  total: number;
}

/** 1234.5 zł as Poland writes it ("1 234,50 zł"); English keeps the point. */
function money(grosze: number, lang: Lang): string {
  const n = new Intl.NumberFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(grosze / 100);
  // Polish groups thousands with a no-break space from four digits on; the PDF shows a plain one.
  return `${n.replace(/\u00a0|\u202f/g, ' ')} zł`;
}

export function statementPdf(s: StatementInput): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(s.lang, key, params);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: t('taxReport.pdf.title', { year: s.year }), Author: s.organiser.name },
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * 56;
  doc
    .font('bold')
    .fontSize(16)
    .text(t('taxReport.pdf.title', { year: s.year }));
  doc.moveDown(1);

  const block = (title: string, lines: (string | null)[]) => {
    doc.font('bold').fontSize(10).fillColor('#444').text(title.toUpperCase());
    doc.font('regular').fontSize(11).fillColor('#000');
    for (const line of lines) if (line) doc.text(line);
    doc.moveDown(0.8);
  };
  block(t('taxReport.pdf.organiser'), [s.organiser.name, s.organiser.address]);
  block(t('taxReport.pdf.recipient'), [
    s.person.name,
    s.person.email,
    s.person.assecoId ? `Asseco ID: ${s.person.assecoId}` : null,
    s.person.pesel ? `${t('taxReport.col.pesel')}: ${s.person.pesel}` : null,
    s.person.address ? `${t('taxReport.pdf.address')}: ${s.person.address}` : null,
    s.person.taxOffice ? `${t('taxReport.col.taxOffice')}: ${s.person.taxOffice}` : null,
  ]);
  if (!s.person.complete) {
    doc.font('regular').fontSize(10).fillColor('#b00020').text(t('taxReport.pdf.noTaxData'));
    doc.fillColor('#000').moveDown(0.8);
  }

  // The table: kind on the left, amount on the right.
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(11);
    doc.text(label, 56, y, { width: width * 0.65 });
    doc.text(amount, 56 + width * 0.65, y, { width: width * 0.35, align: 'right' });
    doc.moveDown(0.4);
  };
  const rule = () => {
    doc
      .moveTo(56, doc.y)
      .lineTo(56 + width, doc.y)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4);
  };
  row(t('taxReport.pdf.kind'), t('taxReport.pdf.amount'), true);
  rule();
  for (const a of s.amounts) row(t(`taxReport.kind.${a.kind}`), money(a.grosze, s.lang));
  rule();
  row(t('taxReport.kind.total'), money(s.total, s.lang), true);
  doc.moveDown(1.2);
  doc.font('regular').fontSize(9).fillColor('#444').text(t('taxReport.pdf.note'), 56, doc.y, { width });
  doc.moveDown(0.8);
  const today = new Intl.DateTimeFormat(s.lang === 'pl' ? 'pl-PL' : 'en-GB', {
    timeZone: WARSAW_TIME_ZONE,
    dateStyle: 'long',
  }).format(new Date());
  doc.text(t('taxReport.pdf.generated', { date: today }));
  doc.end();
  return done;
}
