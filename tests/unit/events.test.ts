import { describe, expect, it } from 'vitest';
import { events } from '../../worker/content/events';
import { splitEvents } from '../../worker/routes/loaders';

describe('events on the events page', () => {
  it('lists only events from today on as upcoming, soonest first, and the three latest past ones', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const { upcoming, past } = splitEvents(now);
    expect(upcoming.every((e) => e.date >= '2026-12-01')).toBe(true);
    expect(upcoming.map((e) => e.date)).toEqual([...upcoming.map((e) => e.date)].sort());
    expect(past.every((e) => e.date < '2026-12-01')).toBe(true);
    expect(past.length).toBeLessThanOrEqual(3);
    expect(past.map((e) => e.date)).toEqual([...past.map((e) => e.date)].sort().reverse());
    expect(upcoming.length + events.filter((e) => e.date < '2026-12-01').length).toBe(events.length);
  });

  it('keeps an event on its own day', () => {
    const day = events[0]!.date;
    expect(splitEvents(new Date(`${day}T20:00:00Z`)).upcoming.map((e) => e.date)).toContain(day);
  });
});
