import type { Locale, MessageKey, Translate } from '#client/i18n.ts';
import type { PageData } from '#client/pages/index.ts';
import type { RouteId } from '#client/routes.ts';
import { SIGNATURE_FIELD_MAX, type SignatureFields } from '#client/islands/SignatureGenerator.tsx';
import { CONTACT_TOPICS } from '#client/forms/contact.ts';
import { withoutInvisible } from '#client/forms/fields.ts';
import { emptyForm } from '#client/forms/state.ts';
import type { Config } from '../env';
import { events } from '../content/events';
import { jobs } from '../content/jobs';
import { articles } from '../content/news';
import { projectCategory, projects } from '../content/portfolio';
import { campusEvent, jobPosting, newsArticle } from '../seo/json-ld';

export interface Loaded<Id extends RouteId> {
  data: PageData<Id>;
  /** Title and description for pages about one entry; otherwise the route's meta keys. */
  meta?: { title: string; description: string };
  /** schema.org objects describing the page's entries. */
  jsonLd?: Record<string, unknown>[];
}

interface LoadInput {
  params: Record<string, string>;
  query: URLSearchParams;
  locale: Locale;
  t: Translate;
  config: Config;
}

/** Newest first. */
const byDateDesc = <T,>(date: (x: T) => string) => (a: T, b: T) => date(b).localeCompare(date(a));

/**
 * Each page's data, from the content collections. `null` means the entry does
 * not exist: the route answers 404.
 */
export function loadPage(id: RouteId, { params, query, locale, t, config }: LoadInput): Loaded<RouteId> | null {
  switch (id) {
    case 'jobs':
      return { data: { jobs: [...jobs].sort(byDateDesc((j) => j.published)) } };
    case 'job': {
      const job = jobs.find((j) => j.slug === params.name);
      if (!job) return null;
      return {
        data: { job },
        meta: { title: t('meta.job.title', { title: job.title[locale] }), description: job.summary[locale] },
        jsonLd: [jobPosting(job, locale, config)],
      };
    }
    case 'news':
      return { data: { articles: [...articles].sort(byDateDesc((a) => a.date)) } };
    case 'article': {
      const article = articles.find((a) => a.id === params.id);
      if (!article) return null;
      return {
        data: { article },
        meta: { title: t('meta.article.title', { title: article.title[locale] }), description: article.summary[locale] },
        jsonLd: [newsArticle(article, locale, config)],
      };
    }
    case 'events':
    case 'tv': {
      const { upcoming, past } = splitEvents(new Date());
      return {
        data: { upcoming, past },
        jsonLd: id === 'events' ? upcoming.map((e) => campusEvent({ name: e.name[locale], date: e.date, description: e.description[locale] }, locale, config)) : [],
      };
    }
    case 'portfolio': {
      const asked = query.get('category');
      const category = projectCategory.options.find((c) => c === asked) ?? null;
      return { data: { projects, category } };
    }
    case 'home':
    case 'contact': {
      if (query.get('sent') === 'contact') return { data: { contactForm: { ...emptyForm, sent: true } } };
      // Another page started the request (`?topic=proofreading`): the message opens already written.
      const topic = CONTACT_TOPICS.find((x) => x === query.get('topic'));
      return { data: topic ? { contactForm: { ...emptyForm, values: { topic, message: t(`forms.contact.topics.${topic}.message`) } } } : {} };
    }
    case 'translation':
      return { data: query.get('sent') === 'estimate' ? { estimateForm: { ...emptyForm, sent: true } } : {} };
    case 'signatureGenerator':
    case 'signatureGeneratorPhone':
      return { data: { initial: signatureFields(query) } };
    default:
      return { data: {} as PageData<typeof id> };
  }
}

/** Events from today on (soonest first), and the three latest past ones (latest first). */
export function splitEvents(now: Date) {
  const today = now.toISOString().slice(0, 10);
  const upcoming = events.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = events.filter((e) => e.date < today).sort(byDateDesc((e) => e.date)).slice(0, 3);
  return { upcoming, past };
}

/** The signature form's GET fields (no-JS fallback): bounded, invisible characters removed (the forms' rule). */
function signatureFields(query: URLSearchParams): SignatureFields {
  const field = (name: keyof SignatureFields) =>
    withoutInvisible(query.get(name) ?? '').trim().slice(0, SIGNATURE_FIELD_MAX);
  return { name: field('name'), role: field('role'), phone: field('phone'), email: field('email') };
}

export type { MessageKey };
