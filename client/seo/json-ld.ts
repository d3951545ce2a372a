import { type Article, type Job, site } from '#content/index.ts';
import { inLausanne } from '#content/lausanne.ts';
import type { PageConfig } from '../components/page-context';
import { escapeHtml } from '../escape';
import type { Locale } from '../i18n';
import { href } from '../paths';

/** What the search data needs of the configuration. */
type Config = Pick<PageConfig, 'SITE_URL' | 'CONTACT_PHONE'>;

/** schema.org data for search engines (JSON-LD). Each builder returns a plain object. */
type Thing = Record<string, unknown>;

export function organization(config: Config): Thing {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${config.SITE_URL}/#organization`,
    name: 'JE EPFL',
    alternateName: 'Junior Entreprise EPFL',
    url: config.SITE_URL,
    logo: `${config.SITE_URL}/images/og-default.png`,
    foundingDate: '1983',
    email: site.email,
    ...(config.CONTACT_PHONE ? { telephone: config.CONTACT_PHONE } : {}),
    address: { '@type': 'PostalAddress', streetAddress: site.address, addressLocality: 'Lausanne', addressCountry: 'CH' },
    sameAs: [site.social.linkedin, site.social.instagram],
  };
}

const publisher = (config: Config) => ({ '@type': 'Organization', '@id': `${config.SITE_URL}/#organization`, name: 'JE EPFL' });

export function jobPosting(job: Job, locale: Locale, config: Config): Thing {
  const remoteOnly = /^(\u00c0 distance|Remote)$/.test(job.location[locale]);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title[locale],
    description: `<p>${escapeHtml(job.summary[locale])}</p>${job.html[locale]}`,
    datePosted: job.published,
    validThrough: endOfDayInLausanne(job.validThrough),
    employmentType: 'PART_TIME',
    hiringOrganization: publisher(config),
    url: `${config.SITE_URL}${href('job', locale, { name: job.id })}`,
    ...(remoteOnly
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'CH' } }
      : { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Lausanne', addressCountry: 'CH' } } }),
  };
}

export function newsArticle(article: Article, locale: Locale, config: Config): Thing {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title[locale],
    description: article.summary[locale],
    datePublished: article.date,
    inLanguage: locale,
    author: { '@type': 'Organization', name: `JE EPFL – ${article.author[locale]}` },
    publisher: publisher(config),
    image: `${config.SITE_URL}/images/og-default.png`,
    mainEntityOfPage: `${config.SITE_URL}${href('article', locale, { id: article.id })}`,
  };
}

export interface EventLike {
  name: string;
  date: string;
  description: string;
}

export function campusEvent(event: EventLike, locale: Locale, config: Config): Thing {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: event.date,
    inLanguage: locale,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: 'EPFL',
      address: { '@type': 'PostalAddress', addressLocality: 'Lausanne', postalCode: '1015', addressCountry: 'CH' },
    },
    organizer: publisher(config),
  };
}

/** `2026-12-05` -> `2026-12-05T23:59:59+01:00` (+02:00 in summer): the last second of that day in Lausanne. */
export function endOfDayInLausanne(date: string): string {
  // The offset at noon: the clocks change at night, never on a day's last second.
  return `${date}T23:59:59${inLausanne(new Date(`${date}T12:00:00Z`)).offset}`;
}

/** Serialized for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(data: Thing): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
