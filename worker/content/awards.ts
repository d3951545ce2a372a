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
    title: { fr: 'Qualité du suivi des mandats', en: 'Quality of project follow-up' },
    description: {
      fr: 'Une reconnaissance pour la rigueur de notre accompagnement, de la première offre à la livraison finale.',
      en: 'Recognition for the care we put into every project, from the first quote to final delivery.',
    },
  },
  {
    id: 'evenement-etudiant-2024',
    year: 2024,
    title: { fr: 'Événement étudiant de l’année', en: 'Student event of the year' },
    description: {
      fr: 'Notre chasse aux œufs de Pâques, avec ses 1000 paquets cachés sur le campus, a été saluée comme l’un des temps forts de la vie étudiante.',
      en: 'Our Easter egg hunt, with 1,000 packets hidden around campus, was hailed as one of the highlights of student life.',
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
