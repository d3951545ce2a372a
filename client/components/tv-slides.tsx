import type { ReactNode } from 'react';
import type { Job } from '#content/collections.ts';
import { services, site } from '#content/index.ts';
import type { CampusEvent } from '#content/schema.ts';
import { formatDate } from '../format';
import { printable, type RecruitData } from '../recruitment';
import { serviceLinks } from './layout/NavLinks';
import { figureItem } from './lists';
import { usePage } from './page-context';
import { QrCode } from './QrCode';

/*
 * The slides of the office screen (/tools/tv, client/pages/tv.tsx): each read
 * from three metres, a few lines at most.
 */

/** The figures the screen shows, from content/site.json. */
const tvFigures = ['projects', 'revenue', 'students', 'partnerships', 'founded', 'languages'] as const;

export function Slide({
  title,
  index,
  count,
  active,
  children,
}: {
  title: string;
  index: number;
  count: number;
  active: boolean;
  children: ReactNode;
}) {
  const { t } = usePage();
  return (
    <section
      className="tv-slide"
      hidden={!active}
      aria-roledescription={t('pages.tv.slide')}
      aria-label={t('pages.tv.slideLabel', { n: String(index + 1), count: String(count), title })}
    >
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function FiguresSlide() {
  const { t, locale } = usePage();
  return (
    <ul className="tv-figures">
      {tvFigures.map((id) => {
        const f = figureItem(site.figures.find((x) => x.id === id)!, locale, t);
        return (
          <li key={id}>
            <strong>{f.value}</strong>
            <span>{f.label}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The next three events, or where to find them when none is planned. */
export function EventsSlide({ upcoming, siteName }: { upcoming: CampusEvent[]; siteName: string }) {
  const { t, locale } = usePage();
  if (upcoming.length === 0) return <p className="tv-empty">{t('pages.tv.noEvents', { site: siteName })}</p>;
  return (
    <ul className="tv-list">
      {upcoming.slice(0, 3).map((e) => (
        <li key={e.id}>
          <time dateTime={e.date}>{formatDate(e.date, locale, 'dayMonth')}</time>
          <div>
            <strong>{e.name[locale]}</strong>
            <span>{e.description[locale]}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Three open offers, or where to find them when there is none. */
export function JobsSlide({ jobs, siteName }: { jobs: Job[]; siteName: string }) {
  const { t, locale } = usePage();
  if (jobs.length === 0) return <p className="tv-empty">{t('pages.tv.noJobs', { site: siteName })}</p>;
  return (
    <ul className="tv-list">
      {jobs.slice(0, 3).map((j) => (
        <li key={j.id}>
          <span className="tv-tag">{j.type[locale]}</span>
          <div>
            <strong>{j.title[locale]}</strong>
            <span>{[j.location[locale], j.duration[locale]].join(' · ')}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The recruitment session, who may apply, and the QR code of /tools/recruit. */
export function RecruitmentSlide({ recruitment }: { recruitment: RecruitData }) {
  const { t } = usePage();
  return (
    <div className="tv-recruit">
      <div>
        <p className="tv-session">
          <span>{t(recruitment.session.current ? 'pages.recruit.currentSession' : 'pages.recruit.nextSession')}</span>
          <time dateTime={recruitment.session.month}>{recruitment.session.label}</time>
        </p>
        <ul className="tv-checks">
          {(['university', 'languages', 'time'] as const).map((k) => (
            <li key={k}>{t(`pages.jobs.eligibility.${k}`)}</li>
          ))}
        </ul>
      </div>
      <figure className="tv-qr">
        <QrCode qr={recruitment.qr} label={t('pages.recruit.qrLabel', { url: recruitment.applyUrl })} scale={8} />
        <figcaption>{printable(recruitment.applyUrl)}</figcaption>
      </figure>
    </div>
  );
}

/** Each service and three of its offers. */
export function ServicesSlide() {
  const { t, locale } = usePage();
  return (
    <ul className="tv-services">
      {serviceLinks.map((s) => (
        <li key={s.id}>
          <strong>{t(s.label)}</strong>
          <span>
            {services
              .find((x) => x.id === s.id)
              ?.offers[locale].slice(0, 3)
              .map((o) => o.title)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
