import { z } from 'zod';
import { localized, slug, uniqueBy } from './schema';

export const testimonialService = z.enum(['digital', 'engineering', 'translation', 'economy', 'design']);
export type TestimonialService = z.infer<typeof testimonialService>;

export const testimonialSchema = z
  .object({
    id: slug,
    quote: localized,
    /** A generic role (“Directrice d’une PME…”), never a person’s or a company’s name. */
    author: localized,
    service: testimonialService,
  })
  .strict();
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialsSchema = z.array(testimonialSchema).superRefine(uniqueBy((t) => t.id));

/** Sample testimonials written for the launch; the association replaces them with clients’ own words. */
export const testimonials: Testimonial[] = [
  {
    id: 'site-vitrine-pme',
    quote: {
      fr: 'Une équipe à l’écoute, qui a tenu les délais et nous a expliqué chaque étape. Nous mettons aujourd’hui notre site à jour nous-mêmes.',
      en: 'A team that listened, met the deadlines and walked us through every step. We now update our website ourselves.',
    },
    author: { fr: 'Directrice d’une PME de la région lausannoise', en: 'Managing director of a small business near Lausanne' },
    service: 'digital',
  },
  {
    id: 'traduction-association',
    quote: {
      fr: 'Des traductions rendues à temps et relues avec soin. Nous referons appel à la JE EPFL pour nos prochains documents.',
      en: 'Translations delivered on time and carefully proofread. We will turn to JE EPFL again for our next documents.',
    },
    author: { fr: 'Responsable de la communication d’une association culturelle', en: 'Communications manager of a cultural association' },
    service: 'translation',
  },
  {
    id: 'etude-de-marche-start-up',
    quote: {
      fr: 'L’étude de marché nous a donné des bases concrètes pour préparer notre lancement. Les étudiants ont posé les bonnes questions dès le départ.',
      en: 'The market study gave us solid ground to prepare our launch. The students asked the right questions from the start.',
    },
    author: { fr: 'Cofondateur d’une start-up dans l’alimentation', en: 'Co-founder of a food start-up' },
    service: 'economy',
  },
];
