import type { CampusEvent, Job } from './collections.ts';
import { events, jobs } from './index.ts';
import { localDate } from './lausanne.ts';

/**
 * What dates allow the site to show on a given Lausanne day, so an offer
 * past its deadline or an event that took place leaves the lists the next
 * day without a redeploy: the build renders each page for every day it may
 * change on, and a page rendered for a request asks for that request's day
 * (docs/decisions/0017).
 */

/**
 * Two ISO dates (`YYYY-MM-DD`) in calendar order: compared as plain strings.
 * Not localeCompare, whose first call builds an ICU collator (a millisecond of
 * every cold start) for text that has no language.
 */
export const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An offer is open up to and including its `validThrough` day. */
export const isOpen = (job: Job, now: Date) => localDate(now) <= job.validThrough;

/** Open offers, newest first. */
export function openJobs(now: Date): Job[] {
  return jobs.filter((j) => isOpen(j, now)).sort((a, b) => byDate(b.published, a.published));
}

/** Events from today on (soonest first), and the three latest past ones (latest first). */
export function splitEvents(now: Date, all: readonly CampusEvent[] = events): { upcoming: CampusEvent[]; past: CampusEvent[] } {
  const today = localDate(now);
  const upcoming = all.filter((e) => e.date >= today).sort((a, b) => byDate(a.date, b.date));
  const past = all
    .filter((e) => e.date < today)
    .sort((a, b) => byDate(b.date, a.date))
    .slice(0, 3);
  return { upcoming, past };
}
