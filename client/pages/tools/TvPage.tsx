import { site } from '#content/index.ts';
import type { CampusEvent } from '#content/schema.ts';
import { EventList, figureItem, StatList } from '../../components/lists';
import { usePage } from '../../components/page-context';

const tvStats = ['projects', 'students', 'partnerships', 'founded'] as const;

/** /tools/tv: the office screen, readable from across the room: key figures and what's next. */
export function TvPage({ data }: { data: { upcoming: CampusEvent[] } }) {
  const { t, locale } = usePage();
  return (
    <div className="tool tool-tv">
      <img src="/images/logo.svg" width={96} height={96} alt={t('site.logoAlt')} />
      <h1>{t('pages.tv.heading')}</h1>
      <p className="lead">{t('pages.tv.intro')}</p>
      <StatList stats={tvStats.map((id) => figureItem(site.figures.find((f) => f.id === id)!, locale, t))} />
      <h2>{t('pages.tv.eventsHeading')}</h2>
      <EventList events={data.upcoming.slice(0, 3)} />
    </div>
  );
}

