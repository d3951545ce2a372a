import type { Award, CampusEvent, Figure, Testimonial } from '#content/collections.ts';
import { formatDate } from '../format';
import type { Locale, Translate } from '../i18n';
import { CircleCheck } from './icons';
import { Picture } from './Picture';
import { usePage } from './page-context';

export interface Stat {
  value: string;
  label: string;
  /** A short line above the value ('En 2024'). */
  note?: string;
  /** In a `tiered` list: shown large, before the others. */
  featured?: boolean;
}

/** A figure of content/site.json, its year written out when it has one ('projets réalisés en 2024'). */
export function figureItem(f: Figure, locale: Locale, t: Translate): Stat {
  return {
    value: f.value[locale],
    label: f.year ? t('figures.inYear', { label: f.label[locale], year: String(f.year) }) : f.label[locale],
  };
}

/**
 * Key figures: a big value and what it counts. `tiered` puts the featured
 * figures first, large, in one row, and the others below in full rows (as
 * many per row as divides their count: 4, then 3, then 2; two per row on a
 * phone, so give it an even number of them).
 */
export function StatList({ stats, tiered = false }: { stats: Stat[]; tiered?: boolean }) {
  const featured = tiered ? stats.filter((s) => s.featured) : [];
  const others = tiered ? stats.filter((s) => !s.featured) : stats;
  const columns = [4, 3, 2].find((c) => others.length % c === 0) ?? 4;
  const className = tiered ? `stats stats-tiered stats-lead-${featured.length} stats-cols-${columns}` : 'stats';
  return (
    <ul className={className}>
      {[...featured, ...others].map((s) => (
        <li key={s.label} className={tiered && s.featured ? 'stat stat-featured' : 'stat'}>
          {s.note && <span className="stat-note">{s.note}</span>}
          <span className="stat-value">{s.value}</span>
          <span className="stat-label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Promises and offers: a check mark, a title and a line of text. */
export function CheckList({ items }: { items: { title?: string; text: string }[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item.title ?? item.text}>
          <CircleCheck aria-hidden="true" size={24} />
          <div>
            {item.title && <strong>{item.title}</strong>}
            <p>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Event cards (date, name, description, and the event's photo when it has one), soonest first. */
export function EventList({ events }: { events: CampusEvent[] }) {
  const { locale } = usePage();
  return (
    <ul className="event-list">
      {events.map((e) => (
        <li key={e.id} className={e.image ? 'event event-with-photo' : 'event'}>
          <time className="event-date" dateTime={e.date}>
            <strong>{formatDate(e.date, locale, 'day')}</strong>
            <span>{formatDate(e.date, locale, 'monthYear')}</span>
          </time>
          <div>
            <h3>{e.name[locale]}</h3>
            <p>{e.description[locale]}</p>
          </div>
          {e.image && <Picture className="event-photo" image={e.image} sizes="(min-width: 48rem) 16rem, calc(100vw - 3rem)" />}
        </li>
      ))}
    </ul>
  );
}

/** What clients say: a quote and the role it comes from (never a name). */
export function QuoteList({ quotes }: { quotes: Testimonial[] }) {
  const { locale } = usePage();
  return (
    <div className="quotes">
      {quotes.map((q) => (
        <figure key={q.id} className="quote">
          <blockquote>
            <p>{q.quote[locale]}</p>
          </blockquote>
          <figcaption>{q.author[locale]}</figcaption>
        </figure>
      ))}
    </div>
  );
}

/** Distinctions: each with its year once it has been awarded. */
export function AwardList({ awards }: { awards: Award[] }) {
  const { locale } = usePage();
  return (
    <ul className="awards">
      {awards.map((a) => (
        <li key={a.id}>
          {a.year && <span className="award-year">{a.year}</span>}
          <div>
            <h3>{a.title[locale]}</h3>
            <p>{a.description[locale]}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
