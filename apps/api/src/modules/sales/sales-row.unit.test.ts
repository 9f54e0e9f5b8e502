import { describe, expect, it } from 'vitest';
import { detectDelimiter, xlsxCellText } from './sales-file.ts';
import { checkRow, parseQuantity, parseSaleDate } from './sales-row.ts';

const good = {
  document: 'FV/1',
  line: '1',
  sold_on: '2026-01-05',
  warehouse: 'W1',
  rep: 'PH1',
  product: 'P1',
  quantity: '3',
};

describe('parseSaleDate', () => {
  it('reads YYYY-MM-DD, DD.MM.YYYY and DD-MM-YYYY as a real calendar day', () => {
    expect(parseSaleDate('2026-01-05')).toBe('2026-01-05');
    expect(parseSaleDate('05.01.2026')).toBe('2026-01-05');
    expect(parseSaleDate('5.1.2026')).toBe('2026-01-05');
    expect(parseSaleDate('05-01-2026')).toBe('2026-01-05');
    expect(parseSaleDate('2024-02-29')).toBe('2024-02-29');
  });
  it('refuses impossible days and other shapes', () => {
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '31.04.2026',
      '2026/01/05',
      '01/05/2026',
      '',
      'jutro',
      '1899-01-01',
    ]) {
      expect(parseSaleDate(bad), bad).toBeNull();
    }
  });
});

describe('parseQuantity', () => {
  it('accepts whole positive numbers, also with a zero fraction or thousands spaces', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('3,0')).toBe(3);
    expect(parseQuantity('3.00')).toBe(3);
    expect(parseQuantity('1 200')).toBe(1200);
    expect(parseQuantity('1\u00a0200')).toBe(1200);
  });
  it('refuses fractions, zero, negatives, text and absurd amounts', () => {
    for (const bad of ['1.5', '1,5', '0', '-2', 'abc', '', '3e2', '0x10', '1 20', '1000001']) {
      expect(parseQuantity(bad), bad).toBeNull();
    }
  });
});

describe('checkRow', () => {
  it('normalises a good row', () => {
    expect(checkRow(2, { ...good, sold_on: ' 05.01.2026 ', quantity: '3,0' })).toEqual({
      rowNo: 2,
      error: null,
      ...good,
    });
  });
  it('gives the first reason of a bad row and keeps its cells as read, clipped', () => {
    expect(checkRow(3, { ...good, document: '' }).error).toBe('sales.row.documentRequired');
    expect(checkRow(3, { ...good, line: ' ' }).error).toBe('sales.row.lineRequired');
    expect(checkRow(3, { ...good, sold_on: '32.01.2026' })).toMatchObject({
      error: 'sales.row.dateInvalid',
      sold_on: '32.01.2026',
    });
    expect(checkRow(3, { ...good, quantity: '-2' })).toMatchObject({
      error: 'sales.row.quantityInvalid',
      quantity: '-2',
    });
    const long = checkRow(3, { ...good, product: 'x'.repeat(500) });
    expect(long.error).toBe('sales.row.cellTooLong');
    expect(long.product).toHaveLength(101);
  });
});

describe('the file reader helpers', () => {
  it('takes the separator the header line uses most', () => {
    expect(detectDelimiter('Dokument;Pozycja;Data')).toBe(';');
    expect(detectDelimiter('Dokument,Pozycja,Data')).toBe(',');
    expect(detectDelimiter('Dokument\tPozycja\tData')).toBe('\t');
    expect(detectDelimiter('"Nr, dokumentu";Pozycja;Data')).toBe(';');
  });
  it('reads XLSX cells: dates as days, formulas by result, rich text as text', () => {
    expect(xlsxCellText(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05');
    expect(xlsxCellText({ formula: 'A1*2', result: 6 })).toBe('6');
    expect(xlsxCellText({ richText: [{ text: 'FV/' }, { text: '1' }] })).toBe('FV/1');
    expect(xlsxCellText(null)).toBe('');
    expect(xlsxCellText(3)).toBe('3');
  });
});
