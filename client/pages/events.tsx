import { activities, type CampusEvent, galleries } from '#content/index.ts';
import { splitEvents } from '#content/visible.ts';
import { EventList } from '../components/lists';
import { PageIntro } from '../components/PageIntro';
import { Picture } from '../components/Picture';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { definePage } from '../page';
import { campusEvent } from '../seo/json-ld';

/** Event cards (name, date, description), the year's activities and the example galleries. */
function EventsPage({ data }: { data: { upcoming: CampusEvent[]; past: CampusEvent[] } }) {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.events.heading')} intro={t('pages.events.intro')} />
      <Section title={t('pages.events.upcomingHeading')}>
        {data.upcoming.length > 0 ? <EventList events={data.upcoming} /> : <p>{t('pages.events.noUpcoming')}</p>}
      </Section>
      {data.past.length > 0 && (
        <Section title={t('pages.events.pastHeading')}>
          <EventList events={data.past} />
        </Section>
      )}
      {activities.length > 0 && (
        <Section title={t('pages.events.activitiesHeading')} alt>
          <ul className="card-grid card-grid-2">
            {activities.map((a) => (
              <li key={a.id} className="card">
                <p className="activity-period">{a.period[locale]}</p>
                <h3>{a.name[locale]}</h3>
                <p>{a.description[locale]}</p>
                {a.facts[locale].length > 0 && (
                  <ul className="activity-facts">
                    {a.facts[locale].map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {galleries.length > 0 && (
        <Section title={t('pages.events.galleriesHeading')}>
          <ul className="gallery">
            {galleries.map((g) => (
              <li key={g.id}>
                <figure>
                  <Picture image={g.image} sizes="(min-width: 64rem) 30vw, (min-width: 40rem) 45vw, 100vw" />
                  <figcaption>
                    <strong>{g.title[locale]}</strong>
                    <span>{g.description[locale]}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

export default definePage({
  load: ({ locale, config, now }) => {
    const { upcoming, past } = splitEvents(now);
    return {
      data: { upcoming, past },
      jsonLd: upcoming.map((e) => campusEvent({ name: e.name[locale], date: e.date, description: e.description[locale] }, locale, config)),
    };
  },
  Component: EventsPage,
});
