import { localDate } from '#content/lausanne.ts';
import type { PageConfig } from './components/page-context';
import type { QrDrawing } from './components/QrCode';
import { qrCode } from './components/qr';
import { FORMAT_LOCALES } from './format';
import type { Locale } from './i18n';
import { href } from './paths';

/** Months of the committee's recruitment sessions: each September and February. */
const RECRUITMENT_MONTHS = [2, 9] as const;

interface RecruitmentSession {
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
function recruitmentSession(now: Date): RecruitmentSession {
  const today = localDate(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next = RECRUITMENT_MONTHS.find((m) => m >= month);
  const [y, m] = next === undefined ? [year + 1, RECRUITMENT_MONTHS[0]] : [year, next];
  return { month: `${y}-${String(m).padStart(2, '0')}`, current: m === month && y === year };
}

/**
 * The committee application: the jobs page's "join" section, with who may
 * apply and the button that writes the application. The whole year, not only
 * during a session: a poster is printed ahead of the session it announces and
 * stays on the wall through it, so its code must not depend on the day it was
 * printed.
 */
const APPLICATION_SECTION = 'join';

/** The next recruitment session (`month` is `YYYY-MM`, `label` 'février 2027'), where to apply and its QR code. */
export interface RecruitData {
  session: { month: string; label: string; current: boolean };
  qr: QrDrawing;
  /** The committee application, absolute on the site's own origin: `https://jeepfl.ch/en/jobs#join`. */
  applyUrl: string;
}

/** The printed URL, without the scheme: shorter to read off a poster, and any browser adds it back. */
export const printable = (url: string) => url.replace(/^https:\/\//, '');

/** The session on now or next, its month written out in the page's language ('février 2027'), and the QR code of the committee application. */
export function recruitmentOf(now: Date, locale: Locale, config: Pick<PageConfig, 'SITE_URL'>): RecruitData {
  const session = recruitmentSession(now);
  const label = new Intl.DateTimeFormat(FORMAT_LOCALES[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${session.month}-01T12:00:00Z`),
  );
  const applyUrl = `${config.SITE_URL}${href('jobs', locale)}#${APPLICATION_SECTION}`;
  return { session: { ...session, label }, qr: qrCode(applyUrl), applyUrl };
}
