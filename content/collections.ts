import { z } from 'zod';
import { imageRef, isoDate, type Localized, PROJECT_CATEGORIES, type ServiceId, sample, slug, text } from './schema.ts';

/*
 * The Markdown collections of content/: `<id>.fr.md` and `<id>.en.md` per
 * entry, their front matter checked by these schemas at build time
 * (scripts/content.mjs), and the types the pages read.
 */

// ------------------------------------------------------ Markdown collections

const titledText = z.object({ title: text, text }).strict();

/**
 * A Markdown collection: `shared` fields are the same in both languages (and
 * written in both files), `text` fields are each language's own; the body is
 * the long text, turned into HTML at build time.
 */
interface MarkdownCollection<S extends z.ZodObject, T extends z.ZodObject> {
  dir: string;
  shared: S;
  text: T;
}
const markdown = <S extends z.ZodObject, T extends z.ZodObject>(c: MarkdownCollection<S, T>) => c;

export const markdownCollections = {
  news: markdown({
    dir: 'news',
    shared: z.object({ sample, date: isoDate, image: imageRef.optional() }).strict(),
    text: z.object({
      /** Shown above the title, e.g. “Recrutement”. */
      type: text,
      title: text,
      /** A team or pole of the association, never an invented person. */
      author: text,
      summary: text,
    }),
  }),
  jobs: markdown({
    dir: 'jobs',
    shared: z
      .object({
        sample,
        published: isoDate,
        /** Last day to apply (Europe/Zurich): from the next day the offer leaves the site. */
        validThrough: isoDate,
        /** PDFs beside the Markdown files in content/jobs/, served under /jobs/. */
        attachments: z.array(z.string().regex(/^[a-z0-9-]+\.pdf$/, 'a PDF file name in content/jobs/, e.g. "web-developer.pdf"')),
      })
      .strict(),
    text: z.object({ title: text, type: text, location: text, duration: text, salary: text, summary: text, salaryExpectation: text }),
  }),
  services: markdown({
    dir: 'services',
    shared: z
      .object({
        /** Ids of figures in site.json shown on the page. */
        figures: z.array(slug).min(1).max(3),
        /** Portfolio category showing past projects of this service, or null. */
        portfolioCategory: z.enum(PROJECT_CATEGORIES).nullable(),
      })
      .strict(),
    text: z.object({
      /** One sentence under the offers' heading. */
      tagline: text,
      offers: z.array(titledText).min(4).max(6),
      steps: z.array(titledText).length(4),
    }),
  }),
  privacy: markdown({
    dir: 'privacy',
    shared: z.object({ updated: isoDate }).strict(),
    text: z.object({}),
  }),
};
type MarkdownCollectionName = keyof typeof markdownCollections;

// --------------------------------------------------------- what pages read

/** Each language's version of a field, side by side. */
type Bilingual<T> = { [K in keyof T]: { fr: T[K]; en: T[K] } };

/** A Markdown entry as the pages read it: shared fields, each text field in both languages, the body as HTML. */
type Entry<N extends MarkdownCollectionName> = { id: string } & z.output<(typeof markdownCollections)[N]['shared']> &
  Bilingual<z.output<(typeof markdownCollections)[N]['text']>> & {
    /** The body, rendered to HTML at build time. */
    html: Localized;
    /** Whole minutes at 200 words a minute, at least 1. */
    readingMinutes: { fr: number; en: number };
    /** The body's second-level headings, for a table of contents. */
    headings: { fr: Heading[]; en: Heading[] };
  };
interface Heading {
  id: string;
  text: string;
}

export type Article = Entry<'news'>;
export type Job = Entry<'jobs'>;
export type Service = Entry<'services'> & { id: ServiceId };
export type PrivacyPolicy = Entry<'privacy'>;
