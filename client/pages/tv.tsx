import type { ReactNode } from 'react';
import type { CampusEvent, Job } from '#content/collections.ts';
import { services, site } from '#content/index.ts';
import { openJobs, splitEvents } from '#content/visible.ts';
import { serviceLinks } from '../components/layout/NavLinks';
import { figureItem } from '../components/lists';
import { usePage } from '../components/page-context';
import { QrCode } from '../components/QrCode';
import { formatDate } from '../format';
import type { MessageKey } from '../i18n';
import { definePage } from '../page';
import { printable, type RecruitData, recruitmentOf } from '../recruitment';

/** Seconds each slide stays (the script reads it from `data-seconds`). */
const TV_SLIDE_SECONDS = 12;

interface TvData {
  upcoming: CampusEvent[];
  jobs: Job[];
  /** The next session, and the QR code of /tools/recruit. */
  recruitment: RecruitData;
  /** `?slide=N` (1-based): the slide shown and kept. */
  pinned: number | null;
}

/** The figures the screen shows, from content/site.json. */
const tvFigures = ['projects', 'revenue', 'students', 'partnerships', 'founded', 'languages'] as const;

function Slide({
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

function FiguresSlide() {
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
function EventsSlide({ upcoming, siteName }: { upcoming: CampusEvent[]; siteName: string }) {
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
function JobsSlide({ jobs, siteName }: { jobs: Job[]; siteName: string }) {
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
function RecruitmentSlide({ recruitment }: { recruitment: RecruitData }) {
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
function ServicesSlide() {
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

/**
 * /tools/tv: the screen in the office and at stands. A 16:9 kiosk read from
 * three metres: one slide at a time (client/tools/tv-screen.ts rotates them, with a
 * progress bar, the arrow keys and a clock, and refreshes them every ten
 * minutes), everything sized in rem from the viewport (tool-tv.css). Without
 * JavaScript it shows the slide the URL names (`?slide=N`), or the first.
 */
function TvPage({ data }: { data: TvData }) {
  const { t, assets, config } = usePage();
  const siteName = config.SITE_URL.replace(/^https?:\/\//, '');
  const script = assets.tools['tv-screen']!;
  const slides: { key: string; title: MessageKey; body: ReactNode }[] = [
    { key: 'figures', title: 'pages.tv.figuresHeading', body: <FiguresSlide /> },
    { key: 'events', title: 'pages.tv.eventsHeading', body: <EventsSlide upcoming={data.upcoming} siteName={siteName} /> },
    { key: 'jobs', title: 'pages.tv.jobsHeading', body: <JobsSlide jobs={data.jobs} siteName={siteName} /> },
    { key: 'recruitment', title: 'pages.tv.recruitHeading', body: <RecruitmentSlide recruitment={data.recruitment} /> },
    { key: 'services', title: 'pages.tv.servicesHeading', body: <ServicesSlide /> },
  ];
  const active = data.pinned !== null && data.pinned <= slides.length ? data.pinned - 1 : 0;
  return (
    <div
      className="tv"
      data-module={script.file}
      data-preload={script.imports.join(' ') || undefined}
      data-seconds={TV_SLIDE_SECONDS}
      data-pinned={data.pinned !== null ? '' : undefined}
    >
      <header className="tv-bar">
        <img src="/images/logo.svg" width={96} height={96} alt="" />
        <h1>{t('site.fullName')}</h1>
        {/* Set and kept by the screen's script (client/tools/tv-screen.ts) from its first moment: the page is the same all day (docs/decisions/0017). */}
        <time className="tv-clock" data-tv-clock="" />
      </header>
      <div className="tv-slides" data-tv-slides="">
        {slides.map((s, i) => (
          <Slide key={s.key} title={t(s.title)} index={i} count={slides.length} active={i === active}>
            {s.body}
          </Slide>
        ))}
      </div>
      <footer className="tv-foot">
        <div className="tv-progress" aria-hidden="true">
          <span />
        </div>
        <p>{t('pages.tv.footer', { site: siteName })}</p>
      </footer>
    </div>
  );
}

export default definePage({
  layout: 'bare',
  load: ({ query, locale, config, now }) => {
    const slide = Number(query.get('slide'));
    return {
      data: {
        upcoming: splitEvents(now).upcoming,
        jobs: openJobs(now),
        recruitment: recruitmentOf(now, locale, config),
        pinned: Number.isInteger(slide) && slide >= 1 && slide <= 20 ? slide : null,
      },
    };
  },
  Component: TvPage,
});
