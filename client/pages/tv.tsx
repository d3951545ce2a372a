import type { ReactNode } from 'react';
import type { Job } from '#content/collections.ts';
import type { CampusEvent } from '#content/schema.ts';
import { openJobs, splitEvents } from '#content/visible.ts';
import { usePage } from '../components/page-context';
import { EventsSlide, FiguresSlide, JobsSlide, RecruitmentSlide, ServicesSlide, Slide } from '../components/tv-slides';
import type { MessageKey } from '../i18n';
import { definePage } from '../page';
import { type RecruitData, recruitmentOf } from '../recruitment';

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

/**
 * /tools/tv: the screen in the office and at stands. A 16:9 kiosk read from
 * three metres: one slide at a time (client/tools/tv.ts rotates them, with a
 * progress bar, the arrow keys and a clock, and refreshes them every ten
 * minutes), everything sized in rem from the viewport (tool-tv.css). Without
 * JavaScript it shows the slide the URL names (`?slide=N`), or the first.
 */
function TvPage({ data }: { data: TvData }) {
  const { t, assets, config } = usePage();
  const siteName = config.SITE_URL.replace(/^https?:\/\//, '');
  const script = assets.tools.tv!;
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
        {/* Set and kept by the screen's script (client/tools/tv.ts) from its first moment: the page is the same all day (docs/decisions/0017). */}
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
  path: '/tools/tv',
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
