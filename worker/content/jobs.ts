import { z } from 'zod';
import { isoDate, localized, localizedParagraphs, slug, uniqueBy } from './schema';

export const jobSchema = z
  .object({
    slug,
    title: localized,
    type: localized,
    location: localized,
    duration: localized,
    salary: localized,
    summary: localized,
    description: localizedParagraphs,
    deadline: isoDate,
    salaryExpectation: localized,
    published: isoDate,
    /** Files under static/, e.g. `/jobs/web-developer.pdf`. */
    attachments: z.array(z.object({ path: z.string().startsWith('/'), label: localized }).strict()),
  })
  .strict();
export type Job = z.infer<typeof jobSchema>;

export const jobsSchema = z.array(jobSchema).superRefine(uniqueBy((j) => j.slug));

/**
 * Open positions. Sample entries written for the site's launch: the association
 * replaces them with its real offers. Adding an offer is adding one entry.
 */
export const jobs: Job[] = [
  {
    slug: 'developpeur-web-site-vitrine',
    title: { fr: 'Développeuse ou développeur web – site vitrine', en: 'Web developer – company website' },
    type: { fr: 'Mandat digital', en: 'Digital project' },
    location: { fr: 'Lausanne ou à distance', en: 'Lausanne or remote' },
    duration: { fr: '6 à 8 semaines', en: '6 to 8 weeks' },
    salary: { fr: '30 CHF de l’heure', en: 'CHF 30 per hour' },
    summary: {
      fr: 'Une PME de la région lausannoise souhaite refaire son site vitrine : maquettes validées, intégration et mise en ligne.',
      en: 'A small business near Lausanne wants a new company website: approved mock-ups, build and launch.',
    },
    description: {
      fr: [
        'Vous intégrez un site vitrine de cinq pages à partir de maquettes déjà validées par le client, puis vous le mettez en ligne avec son hébergeur.',
        'Vous maîtrisez HTML, CSS et JavaScript ; une expérience avec un CMS est un plus. Un chef de projet de la JE EPFL vous accompagne pendant tout le mandat.',
      ],
      en: [
        'You will build a five-page website from mock-ups the client has already approved, then launch it with their hosting provider.',
        'You are comfortable with HTML, CSS and JavaScript; experience with a CMS is a plus. A JE EPFL project manager supports you throughout the project.',
      ],
    },
    deadline: '2026-12-15',
    salaryExpectation: {
      fr: 'Tarif horaire fixe, versé à la fin du mandat sur la base des heures validées.',
      en: 'Fixed hourly rate, paid at the end of the project for the hours approved.',
    },
    published: '2026-11-10',
    attachments: [
      { path: '/jobs/developpeur-web-site-vitrine.pdf', label: { fr: "L'offre complète (PDF)", en: 'The full offer (PDF)' } },
    ],
  },
  {
    slug: 'traducteur-allemand-francais',
    title: { fr: 'Traductrice ou traducteur allemand–français', en: 'German–French translator' },
    type: { fr: 'Mandat de traduction', en: 'Translation project' },
    location: { fr: 'À distance', en: 'Remote' },
    duration: { fr: '2 semaines', en: '2 weeks' },
    salary: { fr: 'Rémunération au mot', en: 'Paid per word' },
    summary: {
      fr: 'Traduction d’un rapport technique d’une vingtaine de pages de l’allemand vers le français.',
      en: 'Translation of a technical report of about twenty pages from German into French.',
    },
    description: {
      fr: [
        'Vous traduisez un rapport technique d’environ 8000 mots de l’allemand vers le français, puis vous intégrez les remarques de la relecture.',
        'Le français est votre langue maternelle et vous avez un excellent niveau d’allemand.',
      ],
      en: [
        'You will translate a technical report of about 8,000 words from German into French, then work in the proofreader’s comments.',
        'French is your mother tongue and your German is excellent.',
      ],
    },
    deadline: '2026-12-05',
    salaryExpectation: {
      fr: 'Montant au mot défini dans le contrat, selon la difficulté du texte.',
      en: 'Per-word rate set in the contract, depending on how demanding the text is.',
    },
    published: '2026-11-14',
    attachments: [
      { path: '/jobs/traducteur-allemand-francais.pdf', label: { fr: "L'offre complète (PDF)", en: 'The full offer (PDF)' } },
    ],
  },
];
