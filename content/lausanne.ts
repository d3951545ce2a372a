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

let parts: Intl.DateTimeFormat | undefined;

/**
 * The date, time and UTC offset in Lausanne at a moment.
 *
 * @example inLausanne(new Date('2026-11-29T23:30:00Z')) // { date: '2026-11-30', time: '00:30', offset: '+01:00' }
 */
export function inLausanne(at: Date | number): LausanneTime {
  // Made on first use, as every formatter: each costs an isolate's start time.
  parts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p: Record<string, string> = {};
  for (const { type, value } of parts.formatToParts(at)) p[type] = value;
  // The wall clock read as if it were UTC, minus the moment (to the minute): the offset.
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  const minutes = (wall - Math.floor(Number(at) / 60_000) * 60_000) / 60_000;
  const abs = Math.abs(minutes);
  const offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, offset };
}

/** The calendar date in Lausanne, `YYYY-MM-DD`: the association's deadlines are local days. */
export function localDate(now: Date | number): string {
  return inLausanne(now).date;
}
