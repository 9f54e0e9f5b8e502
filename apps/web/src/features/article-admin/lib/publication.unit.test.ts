import { describe, expect, test } from 'vitest';
import { apiPublishedAt, displayWallTime, plannedStatus, warsawWallTime } from './publication.ts';

describe('publication in Warsaw time', () => {
  test('an instant as Warsaw wall time across the DST change', () => {
    expect(warsawWallTime(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 01:59:59');
    expect(warsawWallTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00:00');
    expect(warsawWallTime('2026-12-31T23:00:00.000Z')).toBe('2027-01-01 00:00:00');
  });

  test('the API format and the display format', () => {
    expect(apiPublishedAt('2026-05-04 07:08:09')).toBe('2026.05.04 07:08:09');
    expect(displayWallTime('2026-05-04 07:08:09')).toBe('04-05-2026 07:08:09');
    expect(displayWallTime('2026-05-04 07:08')).toBe('04-05-2026 07:08:00');
  });

  test('off is a draft; a time ahead is scheduled; now or before is published', () => {
    const now = new Date('2026-05-04T10:00:00Z'); // 12:00 in Warsaw
    expect(plannedStatus(false, '2026-05-04 13:00:00', now)).toBe('draft');
    expect(plannedStatus(true, null, now)).toBe('draft');
    expect(plannedStatus(true, '2026-05-04 12:00:01', now)).toBe('scheduled');
    expect(plannedStatus(true, '2026-05-04 12:00:00', now)).toBe('published');
    expect(plannedStatus(true, '2025-01-01 00:00:00', now)).toBe('published');
  });
});
