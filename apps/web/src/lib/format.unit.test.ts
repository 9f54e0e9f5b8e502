import { describe, expect, it } from 'vitest';
import { formatDay } from '../features/challenge-admin/lib/days.ts';
import { formatImportDate } from '../features/challenges/lib/challenge-text.ts';
import { displayDay } from '../features/quiz-admin/lib/summary-values.ts';
import { formatDate, formatDateTime } from './format.ts';

// Decision 046: one display format per kind across the product, DD-MM-YYYY and DD-MM-YYYY HH:mm:ss.
describe('one date format per kind', () => {
  const local = new Date(2026, 10, 27, 9, 5, 7).toISOString();
  it('dates and date-times from the one helper', () => {
    expect(formatDate(local)).toBe('27-11-2026');
    expect(formatDateTime(local)).toBe('27-11-2026 09:05:07');
    expect(formatDate(null)).toBeNull();
  });
  it('every other place that writes a date writes the same', () => {
    expect(formatImportDate(local)).toBe('27-11-2026');
    expect(formatDay('2026-11-27')).toBe('27-11-2026');
    expect(displayDay('2026-11-27T12:00:00.000Z')).toBe('27-11-2026');
  });
});
