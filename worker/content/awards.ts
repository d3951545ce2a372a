import { z } from 'zod';
import { localized, slug, uniqueBy } from './schema';

export const awardSchema = z
  .object({
    id: slug,
    year: z.number().int().min(1983),
    title: localized,
    description: localized,
  })
  .strict();
export type Award = z.infer<typeof awardSchema>;

export const awardsSchema = z.array(awardSchema).superRefine(uniqueBy((a) => a.id));

/** Sample distinctions written for the launch; the association replaces them with its own. */
export const awards: Award[] = [
  {
    id: 'qualite-des-mandats-2022',
    year: 2022,
    title: { fr: 'Cheffe ou chef de projet de l’année', en: 'Project manager of the year' },
    description: {
      fr: 'Distinction interne remise lors du gala annuel au membre dont le suivi des mandats a le plus marqué nos clients.',
      en: 'An internal award presented at the annual gala to the member whose project follow-up stood out most for our clients.',
    },
  },
  {
    id: 'evenement-etudiant-2024',
    year: 2024,
    title: { fr: 'Pôle de l’année', en: 'Team of the year' },
    description: {
      fr: 'Distinction interne remise au pôle événements pour la chasse aux œufs de Pâques et ses 1000 paquets cachés sur le campus.',
      en: 'An internal award given to the events team for the Easter egg hunt and its 1,000 packets hidden around campus.',
    },
  },
  {
    id: 'mandat-de-l-annee-2025',
    year: 2025,
    title: { fr: 'Mandat de l’année', en: 'Project of the year' },
    description: {
      fr: 'Distinction interne remise lors du gala annuel à l’équipe du projet le plus marquant de l’année.',
      en: 'An internal award presented at the annual gala to the team behind the year’s standout project.',
    },
  },
];
