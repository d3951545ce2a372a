import { localDate } from '#content/lausanne.ts';

/** Months of the committee's recruitment sessions: each September and February. */
const RECRUITMENT_MONTHS = [2, 9] as const;

export interface RecruitmentSession {
  /** `YYYY-MM`, for `<time dateTime>`. */
  month: string;
  /** True during the session's own month: it is on now. */
  current: boolean;
}

/**
 * The session on now, or the next one, by the calendar in Lausanne (a visitor at
 * 00:30 on 1 September there is in September, whatever UTC says).
 *
 * @example recruitmentSession(new Date('2026-11-20T09:00:00Z')) // { month: '2027-02', current: false }
 */
export function recruitmentSession(now: Date): RecruitmentSession {
  const today = localDate(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next = RECRUITMENT_MONTHS.find((m) => m >= month);
  const [y, m] = next === undefined ? [year + 1, RECRUITMENT_MONTHS[0]] : [year, next];
  return { month: `${y}-${String(m).padStart(2, '0')}`, current: m === month && y === year };
}
