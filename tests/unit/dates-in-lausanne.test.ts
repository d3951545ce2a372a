import { describe, expect, it } from 'vitest';
import type { CampusEvent } from '../../content/collections.ts';
import { inLausanne, localDate } from '../../content/lausanne.ts';
import { splitEvents } from '../../content/visible.ts';

const event = (id: string, date: string): CampusEvent => ({
  id,
  date,
  sample: true,
  name: { fr: id, en: id },
  description: { fr: id, en: id },
});
const fixture = [
  event('a', '2026-11-01'),
  event('b', '2026-11-15'),
  event('c', '2026-11-20'),
  event('d', '2026-11-30'),
  event('e', '2026-12-10'),
  event('f', '2026-12-05'),
];

describe('events by date (fixture)', () => {
  it('lists events from today on as upcoming, soonest first, and the three latest past ones, latest first', () => {
    const { upcoming, past } = splitEvents(new Date('2026-11-30T10:00:00Z'), fixture);
    expect(upcoming.map((e) => e.id)).toEqual(['d', 'f', 'e']);
    expect(past.map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(splitEvents(new Date('2027-01-01T10:00:00Z'), fixture).past.map((e) => e.id)).toEqual(['e', 'f', 'd']);
  });

  it('counts days in Lausanne, not in UTC', () => {
    expect(localDate(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(localDate(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(splitEvents(new Date('2026-11-29T23:30:00Z'), fixture).upcoming[0]!.id).toBe('d');
    expect(splitEvents(new Date('2026-11-30T23:30:00Z'), fixture).upcoming[0]!.id).toBe('f');
  });
});

describe('the time in Lausanne', () => {
  it('reads the wall clock and its offset from UTC, on both sides of each clock change', () => {
    expect(inLausanne(new Date('2026-03-29T00:59:59Z'))).toEqual({ date: '2026-03-29', time: '01:59', offset: '+01:00' });
    expect(inLausanne(new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '03:00', offset: '+02:00' });
    expect(inLausanne(new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', time: '02:30', offset: '+02:00' });
    expect(inLausanne(new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', time: '02:30', offset: '+01:00' });
    expect(inLausanne(new Date('2026-12-31T23:05:30Z')).time).toBe('00:05');
  });
});

describe('an offer’s deadline in search data', () => {
  it('is the last second of its day in Lausanne, winter or summer', async () => {
    const { endOfDayInLausanne } = await import('../../client/seo/json-ld');
    expect(endOfDayInLausanne('2026-12-05')).toBe('2026-12-05T23:59:59+01:00');
    expect(endOfDayInLausanne('2027-07-01')).toBe('2027-07-01T23:59:59+02:00');
  });
});

describe("Lausanne's clock, worked out without a time-zone formatter", () => {
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const byIntl = (at: number) => {
    const p = Object.fromEntries(intl.formatToParts(at).map(({ type, value }) => [type, value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  };

  it('gives the date and time Intl gives for Europe/Zurich, every half hour from 2024 to 2031', () => {
    const wrong: string[] = [];
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2031, 0, 1); at += 30 * 60_000) {
      const { date, time } = inLausanne(at);
      const expected = byIntl(at);
      if (date !== expected.date || time !== expected.time)
        wrong.push(`${new Date(at).toISOString()}: ${date} ${time}, not ${expected.date} ${expected.time}`);
    }
    expect(wrong).toEqual([]);
  });

  it('switches to summer time at 01:00 UTC on the last Sunday of March, and back on the last Sunday of October', () => {
    expect(inLausanne(new Date('2027-03-28T00:59:00Z'))).toEqual({ date: '2027-03-28', time: '01:59', offset: '+01:00' });
    expect(inLausanne(new Date('2027-03-28T01:00:00Z'))).toEqual({ date: '2027-03-28', time: '03:00', offset: '+02:00' });
    expect(inLausanne(new Date('2027-10-31T00:59:00Z'))).toEqual({ date: '2027-10-31', time: '02:59', offset: '+02:00' });
    expect(inLausanne(new Date('2027-10-31T01:00:00Z'))).toEqual({ date: '2027-10-31', time: '02:00', offset: '+01:00' });
    // Midnight in summer is 22:00 UTC the day before.
    expect(localDate(new Date('2027-06-30T21:59:59Z'))).toBe('2027-06-30');
    expect(localDate(new Date('2027-06-30T22:00:00Z'))).toBe('2027-07-01');
  });
});
