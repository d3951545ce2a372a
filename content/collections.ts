import { z } from 'zod';
import { PRICER_LANGUAGES, PRICER_SERVICES, PROJECT_CATEGORIES, SERVICE_IDS } from './ids.ts';
import {
  type CollectionData,
  defineCollection,
  IMAGE_SIZES,
  image,
  isoDate,
  json,
  localized,
  localizedList,
  markdown,
  photo,
  sample,
  slug,
  text,
  translated,
  uniqueBy,
} from './schema.ts';

/*
 * Every content collection, each declared once: its name (the same in the
 * files, the build and the pages), its files (the loader) and its schema.
 * The build (scripts/content.mjs) reads and checks each collection of
 * `collections` and writes the result under the same names; the types the
 * pages read are inferred from here. This module imports zod: the Worker and
 * the browser import only its types (`import type`), never its values, so
 * that zod's full build and the schemas stay out of the Worker's bundle.
 */

/** A key figure of the association (founding year, projects, revenue…). A figure that counts something the site lists is computed instead. */
const figure = z
  .object({
    id: slug,
    /** As written on the page (`36`, `95 %`); an amount the site's one way, the same in both languages (`390'000 CHF`, content/money.ts). */
    value: localized,
    label: localized,
    /** The year the figure describes, when it describes one (shown beside it). */
    year: z.number().int().min(1983).max(2100).optional(),
  })
  .strict();

const https = z.url({ protocol: /^https$/ });

/** CHF per source word and per target language. */
const perWordRate = z
  .number({
    error: (i) =>
      i.code !== 'invalid_type'
        ? undefined
        : i.input === undefined
          ? 'is missing: every service needs its rate'
          : 'must be a number of CHF, e.g. 0.18',
  })
  .gt(0, 'must be more than 0 CHF per word')
  .lt(10, 'must be less than 10 CHF per word');

const titledText = z.object({ title: text, text }).strict();

/** A person of the team: a name, or a name and a portrait (a photo in content/images/, e.g. "team/zoe.jpg"). */
const member = z.union(
  [
    text.transform((name): { name: string; photo?: string } => ({ name })),
    z.object({ name: text, photo: photo(IMAGE_SIZES.portrait).optional() }).strict(),
  ],
  { error: 'must be a name between double quotes, or { "name": "…", "photo": "team/….jpg" }' },
);

export const collections = {
  site: defineCollection({
    loader: json('site.json', { single: true }),
    schema: z
      .object({
        name: text,
        address: text,
        email: z.email(),
        social: z.object({ linkedin: https, instagram: https }).strict(),
        /** The student job platform and the alumni network (the login menu). */
        platforms: z.object({ students: https, alumni: https }).strict(),
        figures: z
          .array(figure)
          .min(1)
          .superRefine(uniqueBy((f) => f.id)),
      })
      .strict(),
  }),

  portfolio: defineCollection({
    loader: json('portfolio.json'),
    schema: z
      .object({
        id: slug,
        sample,
        /** The service the project was done for: its filter on the portfolio, its colour and icon on the card. */
        category: z.enum(PROJECT_CATEGORIES, {
          error: (i) =>
            i.input === undefined
              ? undefined
              : `"${String(i.input)}" is not a category of the portfolio: write one of the five services, ${PROJECT_CATEGORIES.join(', ')}`,
        }),
        /** Kind of mandate, e.g. “Site web”, “Étude de marché”. */
        type: localized,
        title: localized,
        /** Two or three sentences: the need, what the students did, the result. */
        description: localized,
        /** Always generic (“Une PME de la région lausannoise”): never a client’s name without their consent. */
        client: localized.optional(),
        image: image(IMAGE_SIZES.wide).optional(),
      })
      .strict(),
  }),

  team: defineCollection({
    loader: json('team.json'),
    schema: z
      .object({
        id: slug,
        group: z.enum(['direction', 'projectManagers', 'poles', 'members']),
        title: localized,
        /** What the role does, in one or two sentences. */
        description: localized,
        /** The people holding the role, filled in by the association (never invented): each a name, or a name and a photo. */
        members: z.array(member).default([]),
      })
      .strict(),
  }),

  /** Dated event cards: each with its name, date, description and, when there is one, a photo. */
  events: defineCollection({
    loader: json('events.json'),
    schema: z
      .object({ id: slug, sample, name: localized, date: isoDate, description: localized, image: image(IMAGE_SIZES.wide).optional() })
      .strict(),
  }),

  activities: defineCollection({
    loader: json('activities.json'),
    schema: z
      .object({
        id: slug,
        name: localized,
        period: localized,
        description: localized,
        facts: localizedList,
        image: image(IMAGE_SIZES.wide).optional(),
      })
      .strict(),
  }),

  /** Example galleries of the association's life: each a photo, or until there is one, an illustration. */
  galleries: defineCollection({
    loader: json('galleries.json'),
    schema: z.object({ id: slug, title: localized, description: localized, image: image(IMAGE_SIZES.wide) }).strict(),
  }),

  partners: defineCollection({
    loader: json('partners.json'),
    schema: z
      .object({
        id: slug,
        sample,
        name: localized,
        kind: z.enum(['academic', 'network', 'company']),
        description: localized,
        url: https.optional(),
        /** Its logo (PNG with transparency, SVG or JPEG) in content/images/, shown above its name. */
        logo: photo(IMAGE_SIZES.logo).optional(),
      })
      .strict(),
  }),

  testimonials: defineCollection({
    loader: json('testimonials.json'),
    schema: z
      .object({
        id: slug,
        sample,
        quote: localized,
        /** A generic role (“Directrice d’une PME…”), never a person’s or a company’s name without consent. */
        author: localized,
        service: z.enum(SERVICE_IDS),
      })
      .strict(),
  }),

  /** Distinctions: each with its year only once it has been awarded (never a prize that was not won). */
  awards: defineCollection({
    loader: json('awards.json'),
    schema: z.object({ id: slug, sample, year: z.number().int().min(1983).optional(), title: localized, description: localized }).strict(),
  }),

  faq: defineCollection({
    loader: json('faq.json'),
    schema: z.object({ id: slug, sample, question: localized, answer: localized }).strict(),
  }),

  news: defineCollection({
    loader: markdown('news'),
    schema: z
      .object({
        sample,
        date: isoDate,
        image: image(IMAGE_SIZES.wide).optional(),
        /** Shown above the title, e.g. “Recrutement”. */
        type: translated(text),
        title: translated(text),
        /** A team or pole of the association, never an invented person. */
        author: translated(text),
        summary: translated(text),
      })
      .strict(),
  }),

  jobs: defineCollection({
    loader: markdown('jobs'),
    schema: z
      .object({
        sample,
        published: isoDate,
        /** Last day to apply (Europe/Zurich): from the next day the offer leaves the site. */
        validThrough: isoDate,
        /** PDFs beside the Markdown files in content/jobs/, served under /jobs/; none is fine. */
        attachments: z
          .array(
            z
              .string()
              .regex(
                /^[a-z0-9-]+\.pdf$/,
                'must be the name of a PDF beside the offer, in lower-case words joined by hyphens, e.g. "web-developer.pdf"',
              ),
          )
          .default([]),
        title: translated(text),
        type: translated(text),
        location: translated(text),
        duration: translated(text),
        salary: translated(text),
        summary: translated(text),
        salaryExpectation: translated(text),
      })
      .strict(),
  }),

  /** One page per service of the site, named by its id (`digital.fr.md`). */
  services: defineCollection({
    loader: markdown('services', {
      id: z.enum(SERVICE_IDS, { error: (i) => `"${String(i.input)}" is not a service of the site (${SERVICE_IDS.join(', ')})` }),
    }),
    schema: z
      .object({
        /** Ids of figures in site.json shown on the page. */
        figures: z.array(slug).min(1).max(3),
        /** Portfolio category showing past projects of this service, or null. */
        portfolioCategory: z.enum(PROJECT_CATEGORIES).nullable(),
        /** One sentence under the offers' heading. */
        tagline: translated(text),
        offers: translated(z.array(titledText).min(4).max(6)),
        steps: translated(z.array(titledText).length(4)),
      })
      .strict(),
  }),

  /** The privacy policy: one entry (`policy.fr.md`, `policy.en.md`). */
  privacy: defineCollection({
    loader: markdown('privacy', { single: true }),
    schema: z.object({ updated: isoDate }).strict(),
  }),

  /**
   * The translation pricer's rates. `estimate()` (client/forms/estimate/pricing.ts)
   * computes with them, for the live estimate in the browser (the island gets
   * them in its props) and for the JSON answer and the e-mails in the Worker.
   * `sample` until the association confirms the prices: `npm run content:check`
   * lists the file as a sample until then.
   */
  pricing: defineCollection({
    loader: json('pricing.json', { single: true }),
    schema: z
      .object({
        sample,
        /** The currency of every amount: the site formats money in Swiss francs only (client/format.ts). */
        currency: z.literal('CHF', 'must be "CHF": the site shows amounts in Swiss francs'),
        /** CHF per source word and per target language, for each service of the pricer (`PRICER_SERVICES` of content/ids.ts). */
        perWord: z.strictObject(
          Object.fromEntries(PRICER_SERVICES.map((s) => [s, perWordRate])) as Record<(typeof PRICER_SERVICES)[number], typeof perWordRate>,
          {
            error: (i) =>
              i.code === 'unrecognized_keys'
                ? `unknown service ${i.keys.map((k) => `"${k}"`).join(', ')} (the pricer's services: ${PRICER_SERVICES.join(', ')})`
                : i.code === 'invalid_type'
                  ? `must be an object giving each service its CHF per word (${PRICER_SERVICES.join(', ')})`
                  : undefined,
          },
        ),
        /** The smallest amount charged for each priced target language, in CHF (0: no minimum). */
        minimumPerLanguage: z.number('must be a number of CHF, e.g. 60').min(0, 'must be 0 CHF or more'),
        /** Every amount is rounded to this step, in CHF: 0.05 rounds to the 5 centimes, as Swiss prices are. */
        rounding: z.literal([0.01, 0.05, 0.1, 1], 'must be 0.01, 0.05, 0.1 or 1 (CHF)'),
        /**
         * Target languages the pricer does not price: chosen, they are quoted by
         * hand (`"other"`, any language the list lacks). Among `PRICER_LANGUAGES` of
         * content/ids.ts.
         */
        quotedOnRequest: z
          .array(
            z.enum(PRICER_LANGUAGES, {
              error: (i) => `"${String(i.input)}" is not a language of the pricer (${PRICER_LANGUAGES.join(', ')})`,
            }),
          )
          .superRefine((list, ctx) => {
            list.forEach((l, i) => {
              if (list.indexOf(l) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `"${l}" is listed twice` });
            });
          }),
      })
      .strict(),
  }),
};

// ----------------------------------------------------------- what pages read

/** A built image: the size of its largest output (the page's aspect ratio) and the files the build made from it. */
interface BuiltImage {
  width: number;
  height: number;
  /** The fallback src: JPEG (PNG when it has transparency) at the largest width, or the SVG itself. */
  src: string;
  /** `srcset` per type (AVIF, then WebP), widths ascending; empty for SVG. */
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
}

/**
 * Everything the site shows, validated by the build: each collection under
 * its name, and the images of content/images/ by their path there. Node's
 * renderer gets it from dist/data.js, the Worker from its [site] bucket
 * (worker/render/bucket-data.ts), both typed by dist/data.d.ts (written by the
 * build, which imports this type from here; hence `@public` for knip).
 * @public
 */
export type Content = { [Name in keyof typeof collections]: CollectionData<(typeof collections)[Name]> } & {
  images: Record<string, BuiltImage>;
};

/** One entry of a collection (a list's element, or a single entry itself). */
type EntryOf<Name extends keyof typeof collections> = Content[Name] extends (infer Entry)[] ? Entry : Content[Name];

export type Project = EntryOf<'portfolio'>;
export type Role = EntryOf<'team'>;
export type CampusEvent = EntryOf<'events'>;
export type Partner = EntryOf<'partners'>;
export type Testimonial = EntryOf<'testimonials'>;
export type Article = EntryOf<'news'>;
export type Job = EntryOf<'jobs'>;
export type Service = EntryOf<'services'>;
export type Pricing = EntryOf<'pricing'>;
export type Figure = EntryOf<'site'>['figures'][number];
