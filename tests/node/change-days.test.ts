import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import * as untyped from '../../scripts/prerender.mjs';

const { changeDays } = untyped as { changeDays: (content: unknown, from: string, today?: string) => { days: string[]; until: string } };

/** The days the build renders the pages on (scripts/prerender.mjs, docs/decisions/0017). */
describe('the days a page may change on', () => {
  it("are the build's day, each date of the content and the day after, and the first of every month, for thirteen months", () => {
    const { days, until } = changeDays(
      { jobs: [{ validThrough: '2027-01-15' }], events: [{ date: '2026-12-05' }] },
      '2026-11-26',
      '2026-11-26',
    );
    expect(days.slice(0, 7)).toEqual(['2026-11-26', '2026-12-01', '2026-12-05', '2026-12-06', '2027-01-01', '2027-01-15', '2027-01-16']);
    expect(days.filter((d) => d.endsWith('-01')).length).toBe(12); // December 2026 to November 2027: each month's first
    expect(until).toBe('2027-12-01');
    expect(days.every((d) => d >= '2026-11-26' && d < until)).toBe(true);
  });

  it('ignores text that only looks like a date, and a mistyped far year (never centuries of pages)', () => {
    const { days, until } = changeDays(
      { a: '0800-12-34 text', b: '2026-02-30', c: '2205-06-30', d: 'not a date' },
      '2026-11-26',
      '2026-11-26',
    );
    expect(until).toBe('2027-12-01');
    expect(days).not.toContain('2205-06-30');
    expect(days.length).toBeLessThan(20);
  });
});
