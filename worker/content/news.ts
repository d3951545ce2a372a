import { z } from 'zod';
import type { Locale } from '#client/i18n.ts';
import { isoDate, localized, localizedParagraphs, slug, uniqueBy } from './schema';

export const articleSchema = z
  .object({
    id: slug,
    type: localized,
    title: localized,
    /** A team or pole of the association, never an invented person. */
    author: localized,
    date: isoDate,
    summary: localized,
    body: localizedParagraphs,
  })
  .strict();
export type Article = z.infer<typeof articleSchema>;

export const articlesSchema = z.array(articleSchema).superRefine(uniqueBy((a) => a.id));

/** Sample articles written for the launch; the association adds its own entries. */
export const articles: Article[] = [
  {
    id: 'recrutement-automne-2026',
    type: { fr: 'Recrutement', en: 'Recruitment' },
    title: { fr: 'Le recrutement d’automne est terminé', en: 'Our autumn recruitment is over' },
    author: { fr: 'Pôle ressources humaines', en: 'Human resources team' },
    date: '2026-10-12',
    summary: {
      fr: 'Une quarantaine d’entretiens individuels, un entretien de groupe et de nouveaux visages au comité.',
      en: 'About forty individual interviews, a group interview and new faces on the committee.',
    },
    body: {
      fr: [
        'Comme chaque septembre, nous avons ouvert les candidatures pour rejoindre le comité. Après une quarantaine d’entretiens individuels, douze candidates et candidats ont participé à l’entretien de groupe, autour d’une étude de cas.',
        'Les nouveaux membres rejoignent les pôles de l’association dès ce semestre. Prochaine session de recrutement : février.',
      ],
      en: [
        'As every September, we opened applications to join the committee. After about forty individual interviews, twelve candidates took part in the group interview, built around a case study.',
        'The new members join the association’s teams this semester. Next recruitment session: February.',
      ],
    },
  },
  {
    id: 'bilan-2024',
    type: { fr: 'Association', en: 'Association' },
    title: { fr: '2024 en chiffres', en: '2024 in numbers' },
    author: { fr: 'Direction', en: 'Board' },
    date: '2025-02-03',
    summary: {
      fr: '36 projets, 135 étudiantes et étudiants engagés et 390’000 CHF de chiffre d’affaires.',
      en: '36 projects, 135 students involved and CHF 390’000 in revenue.',
    },
    body: {
      fr: [
        'En 2024, la JE EPFL a mené 36 projets pour ses clients et fait travailler 135 étudiantes et étudiants. Le chiffre d’affaires de l’année atteint 390’000 CHF.',
        'Merci à nos 24 partenaires et à toutes les entreprises qui nous ont fait confiance.',
      ],
      en: [
        'In 2024, JE EPFL carried out 36 projects for its clients and gave work to 135 students. Revenue for the year reached CHF 390’000.',
        'Thank you to our 24 partners and to every company that put its trust in us.',
      ],
    },
  },
];

const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes (at least 1), computed from the article's text. */
export function readingMinutes(article: Article, locale: Locale): number {
  const words = [article.title[locale], ...article.body[locale]].join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
