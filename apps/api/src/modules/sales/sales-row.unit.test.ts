import { SALES_ROW_ERRORS } from '@incentive/contracts';
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../lib/table-file.ts';
import { isDateFormat } from '../../lib/xlsx-reader.ts';
import { salesText } from './sales-reasons.ts';
import { checkRow, isSummaryRow, parseQuantity, parseSaleDate } from './sales-row.ts';

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
  it('reads Excel date serials (a date cell without a date style), with or without a time', () => {
    expect(parseSaleDate('46027')).toBe('2026-01-05');
    expect(parseSaleDate('46027.5')).toBe('2026-01-05');
    expect(parseSaleDate('45351')).toBe('2024-02-29');
    expect(parseSaleDate('12345')).toBeNull(); // 1933: no sale of the programme
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
  it('reads a correction as a negative whole number', () => {
    expect(parseQuantity('-2')).toBe(-2);
    expect(parseQuantity('-12,0')).toBe(-12);
    expect(parseQuantity('\u22123')).toBe(-3);
  });
  it('tells a real fraction apart from other bad quantities', () => {
    for (const frac of ['1.5', '1,5', '12,5', '-0,5']) expect(parseQuantity(frac), frac).toBe('fraction');
    for (const bad of ['0', '-0', 'abc', '', '3e2', '0x10', '1 20', '1000001', '--2']) {
      expect(parseQuantity(bad), bad).toBe('invalid');
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
    expect(checkRow(3, { ...good, quantity: '0' })).toMatchObject({
      error: 'sales.row.quantityInvalid',
      quantity: '0',
    });
    expect(checkRow(3, { ...good, quantity: '12,5' }).error).toBe('sales.row.quantityFraction');
    expect(checkRow(3, { ...good, quantity: '-2' })).toMatchObject({ error: null, quantity: '-2' });
    const long = checkRow(3, { ...good, product: 'x'.repeat(500) });
    expect(long.error).toBe('sales.row.cellTooLong');
    expect(long.product).toHaveLength(101);
  });
});

describe('isSummaryRow', () => {
  it('knows a totals row by its label or its missing document', () => {
    expect(isSummaryRow('', '')).toBe(true);
    expect(isSummaryRow('Razem:', 'Razem:')).toBe(true);
    expect(isSummaryRow('SUMA', '')).toBe(true);
    expect(isSummaryRow('', 'Ogółem')).toBe(true);
    expect(isSummaryRow('FV/1', 'Razem')).toBe(true);
    expect(isSummaryRow('FV/1', 'FV/1')).toBe(false);
    expect(isSummaryRow('KOR/7', '1')).toBe(false);
    expect(isSummaryRow('Sumatra/1', '')).toBe(false);
  });
});

describe('the file reader helpers', () => {
  it('takes the separator the header line uses most', () => {
    expect(detectDelimiter('Dokument;Pozycja;Data')).toBe(';');
    expect(detectDelimiter('Dokument,Pozycja,Data')).toBe(',');
    expect(detectDelimiter('Dokument\tPozycja\tData')).toBe('\t');
    expect(detectDelimiter('"Nr, dokumentu";Pozycja;Data')).toBe(';');
    // Title lines above the header: the line with most separators decides.
    expect(detectDelimiter('Raport sprzedaży, styczeń\n\nDokument;Pozycja;Data;Ilość')).toBe(';');
  });
  it('tells XLSX date formats by their letters outside quotes and brackets', () => {
    for (const code of ['yyyy-mm-dd', 'DD.MM.YYYY', 'd-mmm-yy', '[$-415]dd mmmm yyyy', 'h:mm']) {
      expect(isDateFormat(code), code).toBe(true);
    }
    for (const code of ['General', '0.00', '#,##0 "szt"', '[Red]0', '0.00E+00', '# ?/?']) {
      expect(isDateFormat(code), code).toBe(false);
    }
  });
});

describe('row reasons', () => {
  it('every reason a row can be refused for has its text in Polish and English', () => {
    for (const key of SALES_ROW_ERRORS) {
      expect(salesText('pl', key), key).toMatch(/\S/);
      expect(salesText('en', key), key).toMatch(/\S/);
      expect(salesText('en', key)).not.toBe(salesText('pl', key));
    }
    expect(salesText('pl', 'sales.summaryRows', { count: 2 })).toBe('Pominięte wiersze podsumowań: 2');
    expect(salesText('pl', 'sales.unknown')).toBeNull();
  });
});
