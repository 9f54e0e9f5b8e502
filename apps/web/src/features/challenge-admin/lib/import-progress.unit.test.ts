import type { SalesImport } from '@incentive/contracts';
import { describe, expect, test } from 'vitest';
import { isImportRunning, pollDelay, rowsFinished, stepPercent } from './import-progress.ts';

const base: SalesImport = {
  id: 1,
  created_at: '2026-11-27T06:00:00.000Z',
  created_by: null,
  file_name: 'sprzedaz.csv',
  format: 'csv',
  encoding: 'utf-8',
  status: 'queued',
  rows_total: 1_000,
  rows_accepted: 0,
  rows_rejected: 0,
  rows_skipped: 0,
  rows_summary: 0,
  amount: '0.00',
  amount_corrected: '0.00',
  reps_count: 0,
  error: null,
  reverted_at: null,
  reverted_by: null,
  can_revert: false,
  rows_checked: 0,
  rows_held: 0,
  amount_held: '0.00',
  queue_position: 2,
  finished_at: null,
};

describe('import progress', () => {
  test('the page follows staging, queued, checking and applying imports, and stops at the others', () => {
    for (const status of ['staging', 'queued', 'checking', 'applying'] as const)
      expect(isImportRunning({ status })).toBe(true);
    for (const status of ['applied', 'reverted', 'failed'] as const) expect(isImportRunning({ status })).toBe(false);
    expect(isImportRunning(undefined)).toBe(false);
  });

  test('a step measures rows checked, then rows finished; reading and waiting have no share', () => {
    expect(stepPercent(base)).toBeNull();
    expect(stepPercent({ ...base, status: 'staging' })).toBeNull();
    expect(stepPercent({ ...base, status: 'checking', rows_checked: 250 })).toBe(25);
    const applying = {
      ...base,
      status: 'applying' as const,
      rows_checked: 1_000,
      rows_accepted: 300,
      rows_rejected: 50,
    };
    expect(rowsFinished({ ...applying, rows_skipped: 40, rows_held: 10 })).toBe(400);
    expect(stepPercent({ ...applying, rows_skipped: 40, rows_held: 10 })).toBe(40);
    expect(stepPercent({ ...applying, rows_accepted: 1_200 })).toBe(100);
    expect(stepPercent({ ...base, status: 'checking', rows_total: 0 })).toBe(0);
  });

  test('polling starts every second and backs off to every 3 seconds', () => {
    expect([0, 1, 5, 6, 7, 8, 9, 50].map(pollDelay)).toEqual([1000, 1000, 1000, 1500, 2000, 2500, 3000, 3000]);
  });
});
