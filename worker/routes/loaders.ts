import { FORMAT_LOCALES } from '#client/format.ts';
import { CONTACT_TOPICS } from '#client/forms/contact.ts';
import { withoutInvisible } from '#client/forms/fields.ts';
import { emptyForm, type FormState } from '#client/forms/state.ts';
import type { Locale, Translate } from '#client/i18n.ts';
import { SIGNATURE_FIELD_MAX, type SignatureFields } from '#client/islands/SignatureGenerator.tsx';
import type { PageData } from '#client/pages/index.ts';
import type { RouteId } from '#client/routes.ts';
import { href } from '#client/routes.ts';
import { PROJECT_CATEGORIES } from '#content/ids.ts';
import { articles, jobs, projects } from '#content/index.ts';
import { byDate, isOpen, openJobs, splitEvents } from '#content/visible.ts';
import type { Config } from '../env';
import { lazy } from '../lib/lazy';
import { recruitmentSession } from '../lib/recruitment';
import { qrCode } from '../render/qr';
import { campusEvent, jobPosting, newsArticle } from '../seo/json-ld';

export interface Loaded<Id extends RouteId> {
  data: PageData<Id>;
  /** Title and description for pages about one entry; otherwise the route's meta keys. */
  meta?: { title: string; description: string };
  /** schema.org objects describing the page's entries. */
  jsonLd?: Record<string, unknown>[];
  /** 410 for an offer past its deadline: its page says so and points to the open ones. */
  status?: 410;
  robots?: 'noindex';
}

interface LoadInput {
  params: Record<string, string>;
  query: URLSearchParams;
  locale: Locale;
  t: Translate;
  config: Config;
  /** The request's time: dates decide which offers and events show. */
  now: Date;
}

/** Newest first. */
const newestFirst = lazy(() => [...articles].sort((a, b) => byDate(b.date, a.date)));

/**
 * Each page's data, from the content collections. `null` means the entry does
 * not exist: the route answers 404.
 */
export function loadPage(id: RouteId, { params, query, locale, t, config, now }: LoadInput): Loaded<RouteId> | null {
  switch (id) {
    case 'jobs':
      return { data: { jobs: openJobs(now) } };
    case 'job': {
      const job = jobs.find((j) => j.id === params.name);
      if (!job) return null;
      const meta = { title: t('meta.job.title', { title: job.title[locale] }), description: job.summary[locale] };
      if (!isOpen(job, now)) return { data: { job, closed: true }, meta, status: 410, robots: 'noindex' };
      return { data: { job, closed: false }, meta, jsonLd: [jobPosting(job, locale, config)] };
    }
    case 'news':
      return { data: { articles: newestFirst() } };
    case 'article': {
      const sorted = newestFirst();
      const i = sorted.findIndex((a) => a.id === params.id);
      const article = sorted[i];
      if (!article) return null;
      return {
        data: { article, newer: sorted[i - 1] ?? null, older: sorted[i + 1] ?? null },
        meta: { title: t('meta.article.title', { title: article.title[locale] }), description: article.summary[locale] },
        jsonLd: [newsArticle(article, locale, config)],
      };
    }
    case 'events': {
      const { upcoming, past } = splitEvents(now);
      return {
        data: { upcoming, past },
        jsonLd: upcoming.map((e) =>
          campusEvent({ name: e.name[locale], date: e.date, description: e.description[locale] }, locale, config),
        ),
      };
    }
    case 'tv': {
      const slide = Number(query.get('slide'));
      const recruitUrl = `${config.SITE_URL}${href('recruit', locale)}`;
      return {
        data: {
          upcoming: splitEvents(now).upcoming,
          jobs: openJobs(now),
          now: now.toISOString(),
          recruitment: { session: recruitment(now, locale), qr: qrCode(recruitUrl), url: recruitUrl },
          pinned: Number.isInteger(slide) && slide >= 1 && slide <= 20 ? slide : null,
        },
      };
    }
    case 'portfolio': {
      const asked = query.get('category');
      const category = PROJECT_CATEGORIES.find((c) => c === asked) ?? null;
      return { data: { projects, category } };
    }
    case 'home':
      return { data: { ...contactForm(query, t), openJobs: openJobs(now).length } };
    case 'contact':
      return { data: contactForm(query, t) };
    case 'translation':
      return { data: query.get('sent') === 'estimate' ? { estimateForm: { ...emptyForm, sent: true } } : {} };
    case 'recruit': {
      // The poster's QR code leads to the page in the language it was printed in.
      const url = `${config.SITE_URL}${href('recruit', locale)}`;
      return { data: { session: recruitment(now, locale), qr: qrCode(url), url } };
    }
    case 'signatureGenerator':
    case 'signatureGeneratorPhone':
      return { data: { initial: signatureFields(query) } };
    default:
      return { data: {} as PageData<typeof id> };
  }
}

/** The recruitment session on now or next, its month written out in the page's language ('février 2027'). */
function recruitment(now: Date, locale: Locale) {
  const session = recruitmentSession(now);
  const label = new Intl.DateTimeFormat(FORMAT_LOCALES[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${session.month}-01T12:00:00Z`),
  );
  return { ...session, label };
}

/** The contact form's state from the query: sent, or started by another page (`?topic=proofreading`). */
function contactForm(query: URLSearchParams, t: Translate): { contactForm?: FormState } {
  if (query.get('sent') === 'contact') return { contactForm: { ...emptyForm, sent: true } };
  const topic = CONTACT_TOPICS.find((x) => x === query.get('topic'));
  return topic ? { contactForm: { ...emptyForm, values: { topic, message: t(`forms.contact.topics.${topic}.message`) } } } : {};
}

/** The signature form's GET fields (no-JS fallback): bounded, invisible characters removed (the forms' rule). */
function signatureFields(query: URLSearchParams): SignatureFields {
  const field = (name: keyof SignatureFields) =>
    withoutInvisible(query.get(name) ?? '')
      .trim()
      .slice(0, SIGNATURE_FIELD_MAX);
  return { name: field('name'), role: field('role'), phone: field('phone'), email: field('email') };
}
