/** Months of the committee's recruitment sessions (spec §6: each September and February). */
const RECRUITMENT_MONTHS = [2, 9] as const;

export interface RecruitmentSession {
  /** `YYYY-MM`, for `<time dateTime>`. */
  month: string;
  /** True during the session's own month: it is on now. */
  current: boolean;
}

/** Made on first use: a formatter costs an isolate's start time. */
let lausanne: Intl.DateTimeFormat | undefined;

/**
 * The session on now, or the next one, by the calendar in Lausanne (a visitor at
 * 00:30 on 1 September there is in September, whatever UTC says).
 *
 * @example recruitmentSession(new Date('2026-11-20T09:00:00Z')) // { month: '2027-02', current: false }
 */
export function recruitmentSession(now: Date): RecruitmentSession {
  lausanne ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit' });
  const parts = lausanne.formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const next = RECRUITMENT_MONTHS.find((m) => m >= month);
  const [y, m] = next === undefined ? [year + 1, RECRUITMENT_MONTHS[0]] : [year, next];
  return { month: `${y}-${String(m).padStart(2, '0')}`, current: m === month && y === year };
}
