import { z } from 'zod';
import { defineCollection, IMAGE_SIZES, image, isoDate, markdown, sample, slug, text, translated } from './collection-schema.ts';
import { PROJECT_CATEGORIES, SERVICE_IDS } from './ids.ts';

/*
 * The collections written in Markdown in content/, each entry a French and an
 * English file (content/collections.ts gathers every collection): news, job
 * offers, the services' pages and the privacy policy.
 */

const titledText = z.object({ title: text, text }).strict();

export const markdownCollections = {
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
};
