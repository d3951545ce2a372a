import { z } from 'zod';
import { localized, slug, uniqueBy } from './schema';

export const partnerKind = z.enum(['academic', 'network', 'company']);
export type PartnerKind = z.infer<typeof partnerKind>;

export const partnerSchema = z
  .object({
    id: slug,
    name: localized,
    kind: partnerKind,
    description: localized,
    url: z.url({ protocol: /^https$/ }).optional(),
  })
  .strict();
export type Partner = z.infer<typeof partnerSchema>;

export const partnersSchema = z.array(partnerSchema).superRefine(uniqueBy((p) => p.id));

/** Number of partnerships (key figure). */
export const partnershipCount = 24;

/**
 * The two schools our students come from, followed by sample entries that
 * describe the kinds of partnerships we have; the association replaces them
 * with its actual partners.
 */
export const partners: Partner[] = [
  {
    id: 'epfl',
    name: { fr: 'EPFL', en: 'EPFL' },
    kind: 'academic',
    description: {
      fr: 'L’École polytechnique fédérale de Lausanne, où étudient une grande partie de nos membres et des étudiantes et étudiants qui réalisent nos mandats.',
      en: 'The Swiss Federal Institute of Technology in Lausanne, where many of our members and of the students who carry out our projects study.',
    },
    url: 'https://www.epfl.ch',
  },
  {
    id: 'unil',
    name: { fr: 'UNIL', en: 'UNIL' },
    kind: 'academic',
    description: {
      fr: 'L’Université de Lausanne, dont les étudiantes et étudiants apportent leurs compétences en économie, en droit, en lettres et en sciences.',
      en: 'The University of Lausanne, whose students bring their skills in economics, law, humanities and science.',
    },
    url: 'https://www.unil.ch',
  },
  {
    id: 'engineering-company',
    name: { fr: 'Entreprise partenaire du secteur de l’ingénierie', en: 'Partner company in engineering' },
    kind: 'company',
    description: {
      fr: 'Elle partage son expertise avec nos membres lors d’ateliers et fait appel à nos étudiantes et étudiants pour des projets techniques.',
      en: 'It shares its expertise with our members in workshops and calls on our students for technical projects.',
    },
  },
  {
    id: 'fiduciary',
    name: { fr: 'Fiduciaire partenaire', en: 'Partner accounting firm' },
    kind: 'company',
    description: {
      fr: 'Elle accompagne l’association dans la tenue de ses comptes et forme nos membres aux bonnes pratiques de gestion.',
      en: 'It helps the association keep its accounts and trains our members in sound financial management.',
    },
  },
  {
    id: 'digital-company',
    name: { fr: 'Entreprise partenaire du numérique', en: 'Partner company in digital services' },
    kind: 'company',
    description: {
      fr: 'Elle conseille notre pôle informatique sur ses outils et présente ses métiers aux étudiantes et étudiants lors de nos événements.',
      en: 'It advises our IT team on its tools and presents its careers to students at our events.',
    },
  },
  {
    id: 'alumni-network',
    name: { fr: 'Réseau des alumni', en: 'Alumni network' },
    kind: 'network',
    description: {
      fr: 'Les anciennes et anciens membres de l’association restent en contact avec le comité, partagent leur expérience et ouvrent les portes de leur entreprise.',
      en: 'Former members of the association stay in touch with the committee, share their experience and open the doors of their companies.',
    },
  },
];
