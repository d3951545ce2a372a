/**
 * The association's clock: what day and time it is in Lausanne, whatever the
 * server's or the browser's time zone. The content's dates (an offer's last
 * day, an event's day) are Lausanne days, the office screen shows Lausanne
 * time, and the Worker, the browser and the scripts all ask here. It imports
 * nothing, so any layer can.
 */

export interface LausanneTime {
  /** The calendar date, `YYYY-MM-DD`. */
  date: string;
  /** The time on a 24-hour clock, `HH:MM`. */
  time: string;
  /** The offset from UTC, `+01:00` (`+02:00` in summer). */
  offset: string;
}

const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0-based): when the EU's (and Switzerland's) summer time starts or ends. */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR + HOUR;
}

/**
 * Lausanne's offset from UTC at a moment, in minutes: +120 from the last
 * Sunday of March to the last Sunday of October (01:00 UTC both), +60
 * otherwise: Switzerland's rule since 1981, the EU's. Worked out here, not
 * by Intl: a time-zone formatter costs each isolate's first request a
 * millisecond or more, and every page request asks what day it is
 * (tests/unit/dates-in-lausanne.test.ts checks it against Intl every half hour).
 */
function offsetMinutes(at: number): number {
  const year = new Date(at).getUTCFullYear();
  return at >= lastSundayAtOne(year, 2) && at < lastSundayAtOne(year, 9) ? 120 : 60;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date, time and UTC offset in Lausanne at a moment.
 *
 * @example inLausanne(new Date('2026-11-29T23:30:00Z')) // { date: '2026-11-30', time: '00:30', offset: '+01:00' }
 */
export function inLausanne(at: Date | number): LausanneTime {
  const ms = Number(at);
  const minutes = offsetMinutes(ms);
  const wall = new Date(ms + minutes * 60_000);
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    offset: `+${pad(minutes / 60)}:00`,
  };
}

/** The calendar date in Lausanne, `YYYY-MM-DD`: the association's deadlines are local days. */
export function localDate(now: Date | number): string {
  return inLausanne(now).date;
}
