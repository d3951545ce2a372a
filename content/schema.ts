import { z } from 'zod';
import { LANGUAGES, type Service as PricerService, SERVICES } from '../client/forms/estimate/schema.ts';
import type { Article, Job, PrivacyPolicy, Service } from './collections.ts';
import { IMAGE_FILE, PROJECT_CATEGORIES, SERVICE_IDS, SLUG } from './ids.ts';

export { LOCALES, PROJECT_CATEGORIES, type ProjectCategory, SERVICE_IDS, type ServiceId, SLUG } from './ids.ts';

/**
 * The shape of every content file, checked by `npm run build` and
 * `npm run content:check` (scripts/content.mjs). Nothing here runs at request
 * time: the build writes the validated result to dist/content.json, which
 * content/index.ts hands to the pages. Types come from these schemas.
 *
 * Two kinds of files (docs/decisions/0007-content-files.md):
 * - lists: one JSON file per collection, each text as `{ "fr": ..., "en": ... }`;
 * - long text: Markdown, one file per entry and language (`<slug>.fr.md`,
 *   `<slug>.en.md`); the front matter holds the fields, the body the text.
 *   Fields that do not depend on the language (dates, `sample`, files) are
 *   written in both files and must agree.
 */

export const text = z.string().trim().min(1);

/** A text in both languages, side by side: adding a translation is never optional. */
const localized = z.object({ fr: text, en: text }).strict();
export type Localized = z.infer<typeof localized>;

/** A list of short texts in both languages. */
const localizedList = z.object({ fr: z.array(text), en: z.array(text) }).strict();

export const slug = z.string().regex(SLUG, 'lower-case words joined by hyphens');
export const isoDate = z.iso.date();

/**
 * `true` on an entry the spec does not give: written for the launch, to be
 * replaced by the association. `npm run content:check` lists them.
 */
export const sample = z.boolean().default(false);

/** Entries of a collection must have unique ids: a duplicate would hide a page. */
function uniqueBy<T>(key: (item: T) => string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: `duplicate id "${k}"` });
      seen.add(k);
    });
  };
}

/** An image dropped in content/images/, by its path there (e.g. `team/committee.jpg`). */
export const imageRef = z
  .object({
    file: z.string().regex(IMAGE_FILE, 'a file under content/images/, lower-case, e.g. "events/gala.jpg"'),
    alt: localized,
  })
  .strict();

// ---------------------------------------------------------------- site facts

/** A key figure of spec §9. A figure that counts something the site lists is computed instead. */
const figureSchema = z
  .object({
    id: slug,
    /** As written on the page, in each language's typography (`390’000 CHF`, `CHF 390’000`). */
    value: localized,
    label: localized,
    /** The year the figure describes, when it describes one (shown beside it). */
    year: z.number().int().min(1983).max(2100).optional(),
  })
  .strict();
export type Figure = z.infer<typeof figureSchema>;

const siteSchema = z
  .object({
    name: text,
    address: text,
    email: z.email(),
    social: z.object({ linkedin: z.url({ protocol: /^https$/ }), instagram: z.url({ protocol: /^https$/ }) }).strict(),
    /** The student job platform and the alumni network (the login menu). */
    platforms: z.object({ students: z.url({ protocol: /^https$/ }), alumni: z.url({ protocol: /^https$/ }) }).strict(),
    figures: z
      .array(figureSchema)
      .min(1)
      .superRefine(uniqueBy((f) => f.id)),
  })
  .strict();
type Site = z.infer<typeof siteSchema>;

// --------------------------------------------------------------------- lists

const projectSchema = z
  .object({
    id: slug,
    sample,
    category: z.enum(PROJECT_CATEGORIES),
    /** Kind of mandate, e.g. “Site web”, “Étude de marché”. */
    type: localized,
    title: localized,
    /** Two or three sentences: the need, what the students did, the result. */
    description: localized,
    /** Always generic (“Une PME de la région lausannoise”): never a client’s name without their consent. */
    client: localized.optional(),
    image: imageRef.optional(),
  })
  .strict();
export type Project = z.infer<typeof projectSchema>;

const roleSchema = z
  .object({
    id: slug,
    group: z.enum(['direction', 'projectManagers', 'poles', 'members']),
    title: localized,
    /** What the role does, in one or two sentences. */
    description: localized,
    /** Names of the people holding the role, filled in by the association (never invented). */
    members: z.array(text),
  })
  .strict();
export type Role = z.infer<typeof roleSchema>;

const activitySchema = z
  .object({ id: slug, name: localized, period: localized, description: localized, facts: localizedList, image: imageRef.optional() })
  .strict();
type Activity = z.infer<typeof activitySchema>;

/** A dated event card (spec §3: name, date, description). */
const eventSchema = z.object({ id: slug, sample, name: localized, date: isoDate, description: localized }).strict();
export type CampusEvent = z.infer<typeof eventSchema>;

/** An example gallery of spec §2: a photo, or until there is one, an illustration. */
const gallerySchema = z.object({ id: slug, title: localized, description: localized, image: imageRef }).strict();
type Gallery = z.infer<typeof gallerySchema>;

const partnerSchema = z
  .object({
    id: slug,
    sample,
    name: localized,
    kind: z.enum(['academic', 'network', 'company']),
    description: localized,
    url: z.url({ protocol: /^https$/ }).optional(),
  })
  .strict();
export type Partner = z.infer<typeof partnerSchema>;

const testimonialSchema = z
  .object({
    id: slug,
    sample,
    quote: localized,
    /** A generic role (“Directrice d’une PME…”), never a person’s or a company’s name without consent. */
    author: localized,
    service: z.enum(SERVICE_IDS),
  })
  .strict();
export type Testimonial = z.infer<typeof testimonialSchema>;

/** A distinction: its year only once it has been awarded (never a prize that was not won). */
const awardSchema = z
  .object({ id: slug, sample, year: z.number().int().min(1983).optional(), title: localized, description: localized })
  .strict();
type Award = z.infer<typeof awardSchema>;

const faqSchema = z.object({ id: slug, sample, question: localized, answer: localized }).strict();
type FaqEntry = z.infer<typeof faqSchema>;

// ------------------------------------------------------------------- pricing

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

/**
 * content/pricing.json: the translation pricer's rates. `estimate()`
 * (client/forms/pricing.ts) computes with them, for the live estimate in the
 * browser (the island gets them in its props) and for the JSON answer and the
 * e-mails in the Worker. `sample` until the association confirms the prices:
 * `npm run content:check` lists the file as a sample until then.
 */
const pricingSchema = z
  .object({
    sample,
    /** The currency of every amount: the site formats money in Swiss francs only (client/format.ts). */
    currency: z.literal('CHF', 'must be "CHF": the site shows amounts in Swiss francs'),
    /** CHF per source word and per target language, for each service of the pricer (`SERVICES` of client/forms/estimate.ts). */
    perWord: z.strictObject(Object.fromEntries(SERVICES.map((s) => [s, perWordRate])) as Record<PricerService, typeof perWordRate>, {
      error: (i) =>
        i.code === 'unrecognized_keys'
          ? `unknown service ${i.keys.map((k) => `"${k}"`).join(', ')} (the pricer's services: ${SERVICES.join(', ')})`
          : i.code === 'invalid_type'
            ? `must be an object giving each service its CHF per word (${SERVICES.join(', ')})`
            : undefined,
    }),
    /** The smallest amount charged for each priced target language, in CHF (0: no minimum). */
    minimumPerLanguage: z.number('must be a number of CHF, e.g. 60').min(0, 'must be 0 CHF or more'),
    /** Every amount is rounded to this step, in CHF: 0.05 rounds to the 5 centimes, as Swiss prices are. */
    rounding: z.literal([0.01, 0.05, 0.1, 1], 'must be 0.01, 0.05, 0.1 or 1 (CHF)'),
    /**
     * Target languages the pricer does not price: chosen, they are quoted by
     * hand (`"other"`, any language the list lacks). Among `LANGUAGES` of
     * client/forms/estimate.ts.
     */
    quotedOnRequest: z
      .array(z.enum(LANGUAGES, { error: (i) => `"${String(i.input)}" is not a language of the pricer (${LANGUAGES.join(', ')})` }))
      .superRefine((list, ctx) => {
        list.forEach((l, i) => {
          if (list.indexOf(l) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `"${l}" is listed twice` });
        });
      }),
  })
  .strict();
export type Pricing = z.infer<typeof pricingSchema>;

/** Every JSON file, by name under content/: the lists, the site facts and the prices. */
export const listFiles = {
  'site.json': siteSchema,
  'pricing.json': pricingSchema,
  'portfolio.json': z.array(projectSchema).superRefine(uniqueBy((p) => p.id)),
  'team.json': z
    .array(roleSchema)
    .min(1)
    .superRefine(uniqueBy((r) => r.id)),
  'events.json': z.array(eventSchema).superRefine(uniqueBy((e) => e.id)),
  'activities.json': z.array(activitySchema).superRefine(uniqueBy((a) => a.id)),
  'galleries.json': z.array(gallerySchema).superRefine(uniqueBy((g) => g.id)),
  'partners.json': z.array(partnerSchema).superRefine(uniqueBy((p) => p.id)),
  'testimonials.json': z.array(testimonialSchema).superRefine(uniqueBy((t) => t.id)),
  'awards.json': z.array(awardSchema).superRefine(uniqueBy((a) => a.id)),
  'faq.json': z.array(faqSchema).superRefine(uniqueBy((f) => f.id)),
} as const;

// The Markdown collections (news, jobs, services, privacy) and the entry types
// pages read: content/collections.ts.

/** A built image: its original size and the files the build made from it. */
interface BuiltImage {
  width: number;
  height: number;
  /** The fallback src (WebP at the largest width, or the SVG itself). */
  src: string;
  /** `srcset` per type, largest last; empty for SVG. */
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
}

/** dist/content.json: everything the site shows, validated. */
export interface Content {
  site: Site;
  portfolio: Project[];
  team: Role[];
  events: CampusEvent[];
  activities: Activity[];
  galleries: Gallery[];
  partners: Partner[];
  testimonials: Testimonial[];
  awards: Award[];
  faq: FaqEntry[];
  news: Article[];
  jobs: Job[];
  services: Service[];
  privacy: PrivacyPolicy;
  /** The translation pricer's rates (content/pricing.json). */
  pricing: Pricing;
  /** Images of content/images/, by their path there. */
  images: Record<string, BuiltImage>;
}
