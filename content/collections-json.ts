import { z } from 'zod';
import {
  defineCollection,
  IMAGE_SIZES,
  image,
  isoDate,
  json,
  localized,
  localizedList,
  photo,
  sample,
  slug,
  text,
  uniqueBy,
} from './collection-schema.ts';
import { PROJECT_CATEGORIES, SERVICE_IDS } from './ids.ts';

/*
 * The collections kept as JSON files in content/ (content/collections.ts
 * gathers every collection): the site's facts, then the lists of the
 * association's projects, team, events, activities, galleries, partners,
 * testimonials, awards and questions.
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

/** A person of the team: a name, or a name and a portrait (a photo in content/images/, e.g. "team/zoe.jpg"). */
const member = z.union(
  [
    text.transform((name): { name: string; photo?: string } => ({ name })),
    z.object({ name: text, photo: photo(IMAGE_SIZES.portrait).optional() }).strict(),
  ],
  { error: 'must be a name between double quotes, or { "name": "…", "photo": "team/….jpg" }' },
);

export const jsonCollections = {
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
};
