import { describe, expect, it } from 'vitest';
import { normalizeHeader } from '../../lib/table-headers.ts';
import { matchColumns } from './sales-columns.ts';

describe('sales file columns', () => {
  it('compares headers without case, Polish letters and punctuation', () => {
    expect(normalizeHeader('\uFEFFNr. Dokumentu')).toBe('nrdokumentu');
    expect(normalizeHeader('ILOŚĆ')).toBe('ilosc');
    expect(normalizeHeader('Data_sprzedaży')).toBe('datasprzedazy');
  });

  it('finds each column in any order, Polish or English', () => {
    const r = matchColumns(['Ilość', 'Produkt', 'PH', 'Hurtownia', 'Data', 'Pozycja', 'Dokument', 'Uwagi']);
    expect(r).toEqual({
      ok: true,
      at: { quantity: 0, product: 1, rep: 2, warehouse: 3, sold_on: 4, line: 5, document: 6 },
    });
    const en = matchColumns([
      'document_no',
      'line_no',
      'sold_on',
      'warehouse_asseco_id',
      'rep_asseco_id',
      'product_code',
      'quantity',
    ]);
    expect(en.ok).toBe(true);
  });

  it('names the missing columns', () => {
    expect(matchColumns(['Dokument', 'Pozycja', 'Ilość'])).toEqual({
      ok: false,
      missing: ['data sprzedaży', 'hurtownia', 'przedstawiciel', 'produkt'],
    });
  });
});
