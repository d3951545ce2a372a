import { z } from 'zod';
import { localized, slug, uniqueBy } from './schema';

export const roleGroup = z.enum(['direction', 'projectManagers', 'poles', 'members']);
export type RoleGroup = z.infer<typeof roleGroup>;

export const roleSchema = z
  .object({
    id: slug,
    group: roleGroup,
    title: localized,
    /** What the role does, in one or two sentences. */
    description: localized,
    /** Names of the people holding the role, filled in by the association. */
    members: z.array(z.string().trim().min(1)),
  })
  .strict();
export type Role = z.infer<typeof roleSchema>;

export const rolesSchema = z.array(roleSchema).superRefine(uniqueBy((r) => r.id));

/**
 * The association’s organisation. Member names are left empty on purpose:
 * the association fills them in itself, never invented people.
 */
export const roles: Role[] = [
  // Direction
  {
    id: 'president',
    group: 'direction',
    title: { fr: 'Présidence et direction commerciale', en: 'President and head of sales' },
    description: {
      fr: 'Représente l’association, coordonne le comité et pilote la stratégie. Suit les relations commerciales et la signature des mandats.',
      en: 'Represents the association, coordinates the committee and steers its strategy. Oversees sales and the signing of new projects.',
    },
    members: [],
  },
  {
    id: 'vp-it-administration',
    group: 'direction',
    title: { fr: 'Vice-présidence informatique et administration', en: 'Vice-president, IT and administration' },
    description: {
      fr: 'Veille au bon fonctionnement des outils informatiques et à la tenue administrative de l’association.',
      en: 'Makes sure the association’s IT tools run smoothly and its administration is kept in order.',
    },
    members: [],
  },
  {
    id: 'vp-hr-marketing',
    group: 'direction',
    title: {
      fr: 'Vice-présidence ressources humaines et marketing',
      en: 'Vice-president, human resources and marketing',
    },
    description: {
      fr: 'Supervise le recrutement et l’accompagnement des membres, ainsi que la communication et l’image de l’association.',
      en: 'Oversees the recruitment and support of members, as well as the association’s communication and image.',
    },
    members: [],
  },
  {
    id: 'vp-logistics-legal',
    group: 'direction',
    title: { fr: 'Vice-présidence logistique et juridique', en: 'Vice-president, logistics and legal' },
    description: {
      fr: 'Organise la logistique des activités et veille à la conformité juridique des contrats et des mandats.',
      en: 'Handles the logistics of our activities and ensures that contracts and projects are legally sound.',
    },
    members: [],
  },
  {
    id: 'vp-student-affairs-partnerships',
    group: 'direction',
    title: {
      fr: 'Vice-présidence affaires estudiantines et partenariats',
      en: 'Vice-president, student affairs and partnerships',
    },
    description: {
      fr: 'Fait le lien avec la vie étudiante sur le campus et développe les partenariats de l’association.',
      en: 'Links the association with student life on campus and develops its partnerships.',
    },
    members: [],
  },
  // Project managers
  {
    id: 'project-managers',
    group: 'projectManagers',
    title: { fr: 'Cheffes et chefs de projet', en: 'Project managers' },
    description: {
      fr: 'Suivent chaque mandat de la première prise de contact à la livraison : recrutement des étudiantes et étudiants, accompagnement de leur travail et contact privilégié avec le client.',
      en: 'Follow each project from the first contact to delivery: they recruit the students, support their work and remain the client’s point of contact.',
    },
    members: [],
  },
  // Support poles
  {
    id: 'pole-external',
    group: 'poles',
    title: { fr: 'Pôle externe', en: 'External relations' },
    description: {
      fr: 'Entretient la relation avec les clients et fait connaître nos services aux entreprises.',
      en: 'Looks after client relations and makes our services known to companies.',
    },
    members: [],
  },
  {
    id: 'pole-events',
    group: 'poles',
    title: { fr: 'Pôle événements', en: 'Events' },
    description: {
      fr: 'Organise les événements sur le campus, de la chasse aux œufs de Pâques au gala annuel.',
      en: 'Organises our campus events, from the Easter egg hunt to the annual gala.',
    },
    members: [],
  },
  {
    id: 'pole-human-resources',
    group: 'poles',
    title: { fr: 'Pôle ressources humaines', en: 'Human resources' },
    description: {
      fr: 'Développe les compétences des membres, organise les recrutements et accueille les nouvelles recrues.',
      en: 'Develops members’ skills, runs recruitment and welcomes new members.',
    },
    members: [],
  },
  {
    id: 'pole-student',
    group: 'poles',
    title: { fr: 'Pôle étudiant', en: 'Student relations' },
    description: {
      fr: 'Assure la présence de l’association sur le campus et les relations avec les étudiantes et étudiants.',
      en: 'Keeps the association present on campus and in touch with students.',
    },
    members: [],
  },
  {
    id: 'pole-partnerships',
    group: 'poles',
    title: { fr: 'Pôle partenariats', en: 'Partnerships' },
    description: {
      fr: 'Recherche et suit les partenaires qui soutiennent l’association et ses activités.',
      en: 'Finds and looks after the partners who support the association and its activities.',
    },
    members: [],
  },
  {
    id: 'pole-marketing',
    group: 'poles',
    title: { fr: 'Pôle marketing', en: 'Marketing' },
    description: {
      fr: 'Conçoit les visuels et la communication de l’association, sur les réseaux sociaux comme sur le campus.',
      en: 'Designs the association’s visuals and communication, on social media and on campus.',
    },
    members: [],
  },
  {
    id: 'pole-it',
    group: 'poles',
    title: { fr: 'Pôle informatique', en: 'IT' },
    description: {
      fr: 'Développe et maintient le site web et les outils internes de l’association.',
      en: 'Builds and maintains the association’s website and internal tools.',
    },
    members: [],
  },
  {
    id: 'pole-legal',
    group: 'poles',
    title: { fr: 'Pôle juridique', en: 'Legal' },
    description: {
      fr: 'Nos juristes rédigent et relisent les contrats, et conseillent le comité sur les questions juridiques.',
      en: 'Our legal team drafts and reviews contracts and advises the committee on legal matters.',
    },
    members: [],
  },
  // Committee members
  {
    id: 'committee-members',
    group: 'members',
    title: { fr: 'Membres du comité', en: 'Committee members' },
    description: {
      fr: 'Étudiantes et étudiants de l’EPFL et de l’UNIL, les membres font vivre l’association au sein des pôles, en parallèle de leurs études.',
      en: 'EPFL and UNIL students who run the association’s teams alongside their studies.',
    },
    members: [],
  },
];

export const teamFactsSchema = z
  .object({
    students: localized,
    schools: z.object({ fr: z.array(z.string().min(1)).min(1), en: z.array(z.string().min(1)).min(1) }).strict(),
  })
  .strict();
export type TeamFacts = z.infer<typeof teamFactsSchema>;

/** Key figures about the committee. */
export const teamFacts: TeamFacts = {
  students: { fr: 'une trentaine', en: 'about thirty' },
  schools: { fr: ['EPFL', 'UNIL'], en: ['EPFL', 'UNIL'] },
};
