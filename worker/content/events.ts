import { z } from 'zod';
import { isoDate, localized, slug, uniqueBy } from './schema';

/** A short list of facts in both languages, e.g. figures shown as bullet points. */
const localizedList = z.object({ fr: z.array(z.string().trim().min(1)), en: z.array(z.string().trim().min(1)) }).strict();

/** A recurring activity the association runs on campus. */
export const activitySchema = z
  .object({
    id: slug,
    name: localized,
    period: localized,
    description: localized,
    facts: localizedList,
  })
  .strict();
export type Activity = z.infer<typeof activitySchema>;

export const activitiesSchema = z.array(activitySchema).superRefine(uniqueBy((a) => a.id));

/** A dated event card. */
export const eventSchema = z
  .object({
    slug,
    name: localized,
    date: isoDate,
    description: localized,
  })
  .strict();
export type CampusEvent = z.infer<typeof eventSchema>;

export const eventsSchema = z.array(eventSchema).superRefine(uniqueBy((e) => e.slug));

/** An example gallery, illustrated by an image under static/images/galleries/. */
export const gallerySchema = z
  .object({
    id: slug,
    title: localized,
    description: localized,
    image: z
      .object({
        src: z.string().regex(/^\/images\/galleries\/[a-z0-9-]+\.svg$/),
        alt: localized,
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      })
      .strict(),
  })
  .strict();
export type Gallery = z.infer<typeof gallerySchema>;

export const galleriesSchema = z.array(gallerySchema).superRefine(uniqueBy((g) => g.id));

/** What the association organises on campus during the year. */
export const activities: Activity[] = [
  {
    id: 'easter-egg-hunt',
    name: { fr: 'Chasse aux œufs de Pâques', en: 'Easter egg hunt' },
    period: { fr: 'Avril – mai', en: 'April – May' },
    description: {
      fr: 'Au printemps, nous cachons des paquets surprises sur le campus. Certains contiennent un billet de tombola qui permet de gagner l’un des prix du tirage.',
      en: 'Every spring, we hide surprise packets around campus. Some of them contain a raffle ticket for one of the prizes in the draw.',
    },
    facts: {
      fr: ['1000 paquets cachés sur le campus', '100 paquets avec un billet de tombola', 'Dix prix à gagner'],
      en: ['1,000 packets hidden around campus', '100 packets with a raffle ticket', 'Ten prizes to win'],
    },
  },
  {
    id: 'smoothies',
    name: { fr: 'Smoothies', en: 'Smoothies' },
    period: { fr: 'Mai – juin', en: 'May – June' },
    description: {
      fr: 'Quand les beaux jours reviennent, nous servons des smoothies frais aux étudiantes et étudiants, de quoi faire une pause entre deux cours ou deux révisions.',
      en: 'When the warm weather returns, we serve fresh smoothies to students: a welcome break between classes or revision sessions.',
    },
    facts: { fr: ['Deux fois par semestre'], en: ['Twice per semester'] },
  },
  {
    id: 'breakfasts',
    name: { fr: 'Petits-déjeuners', en: 'Breakfasts' },
    period: { fr: 'Pendant le semestre', en: 'During the semester' },
    description: {
      fr: 'Café, croissants et jus de fruits offerts le matin sur le campus : l’occasion de commencer la journée du bon pied et de faire connaissance avec l’association.',
      en: 'Free coffee, croissants and fruit juice on campus in the morning: a good start to the day and a chance to get to know the association.',
    },
    facts: { fr: ['1 à 3 fois par semestre'], en: ['1 to 3 times per semester'] },
  },
  {
    id: 'annual-gala',
    name: { fr: 'Gala annuel', en: 'Annual gala' },
    period: { fr: 'Mai', en: 'May' },
    description: {
      fr: 'Le gala réunit chaque année les membres de l’association, les alumni et nos partenaires pour une soirée élégante qui clôt l’année académique.',
      en: 'Every year, the gala brings together the association’s members, alumni and partners for an elegant evening that closes the academic year.',
    },
    facts: { fr: ['Chaque année au mois de mai'], en: ['Every year in May'] },
  },
  {
    id: 'carnival',
    name: { fr: 'Carnaval', en: 'Carnival' },
    period: { fr: 'Selon le calendrier du campus', en: 'According to the campus calendar' },
    description: {
      fr: 'Nous tenons un stand au carnaval du campus, dans une ambiance festive, pour rencontrer les étudiantes et étudiants autrement.',
      en: 'We run a stand at the campus carnival, in a festive atmosphere, to meet students in a different setting.',
    },
    facts: { fr: ['Présence au carnaval du campus'], en: ['A stand at the campus carnival'] },
  },
  {
    id: 'other-events',
    name: { fr: 'Autres événements sur le campus', en: 'Other campus events' },
    period: { fr: 'Tout au long de l’année', en: 'Throughout the year' },
    description: {
      fr: 'Forums de recrutement, événement de Noël, sorties et ateliers : nous sommes présents sur le campus tout au long de l’année académique.',
      en: 'Recruitment forums, a Christmas event, outings and workshops: we are present on campus throughout the academic year.',
    },
    facts: {
      fr: ['Deux sessions de recrutement par an, en septembre et en février'],
      en: ['Two recruitment sessions a year, in September and February'],
    },
  },
];

/** Upcoming events for the 2026–2027 academic year; the association updates the list each semester. */
export const events: CampusEvent[] = [
  {
    slug: 'forum-recrutement-automne-2026',
    name: { fr: 'Forum de recrutement d’automne', en: 'Autumn recruitment forum' },
    date: '2026-09-23',
    description: {
      fr: 'Venez rencontrer le comité à notre stand et découvrir comment rejoindre l’association. Les candidatures sont ouvertes à toutes les personnes inscrites dans une haute école suisse.',
      en: 'Come and meet the committee at our stand and find out how to join the association. Applications are open to anyone registered at a Swiss university.',
    },
  },
  {
    slug: 'petit-dejeuner-novembre-2026',
    name: { fr: 'Petit-déjeuner sur le campus', en: 'Breakfast on campus' },
    date: '2026-11-11',
    description: {
      fr: 'Café, croissants et jus de fruits offerts dès le matin. Passez nous dire bonjour avant votre premier cours.',
      en: 'Free coffee, croissants and fruit juice from early morning. Stop by and say hello before your first class.',
    },
  },
  {
    slug: 'evenement-noel-2026',
    name: { fr: 'Soirée de Noël', en: 'Christmas party' },
    date: '2026-12-09',
    description: {
      fr: 'Avant les examens, un moment convivial pour fêter la fin du semestre d’automne avec les membres, les alumni et les amis de l’association.',
      en: 'Before exams, a friendly get-together to celebrate the end of the autumn semester with members, alumni and friends of the association.',
    },
  },
  {
    slug: 'forum-recrutement-printemps-2027',
    name: { fr: 'Forum de recrutement de printemps', en: 'Spring recruitment forum' },
    date: '2027-02-24',
    description: {
      fr: 'Deuxième session de recrutement de l’année : découvrez nos pôles et posez toutes vos questions aux membres du comité.',
      en: 'Our second recruitment session of the year: discover our teams and ask committee members all your questions.',
    },
  },
  {
    slug: 'chasse-aux-oeufs-2027',
    name: { fr: 'Chasse aux œufs de Pâques', en: 'Easter egg hunt' },
    date: '2027-04-14',
    description: {
      fr: '1000 paquets cachés sur le campus, dont 100 avec un billet de tombola. Dix prix sont à gagner lors du tirage.',
      en: '1,000 packets hidden around campus, 100 of them with a raffle ticket. Ten prizes to win in the draw.',
    },
  },
  {
    slug: 'gala-annuel-2027',
    name: { fr: 'Gala annuel', en: 'Annual gala' },
    date: '2027-05-08',
    description: {
      fr: 'La soirée de gala qui clôt l’année académique, avec les membres, les alumni et les partenaires de la JE EPFL.',
      en: 'The gala evening that closes the academic year, with JE EPFL’s members, alumni and partners.',
    },
  },
];

const galleryImage = (id: string, alt: Gallery['image']['alt']): Gallery['image'] => ({
  src: `/images/galleries/${id}.svg`,
  alt,
  width: 640,
  height: 400,
});

/** Example galleries shown on the events page. */
export const galleries: Gallery[] = [
  {
    id: 'awards',
    title: { fr: 'Remise des prix', en: 'Awards' },
    description: {
      fr: 'Les moments où l’on célèbre le travail des membres et les projets marquants de l’année.',
      en: 'The moments when we celebrate our members’ work and the standout projects of the year.',
    },
    image: galleryImage('awards', {
      fr: 'Illustration d’un trophée sur un podium entouré d’étoiles',
      en: 'Illustration of a trophy on a podium surrounded by stars',
    }),
  },
  {
    id: 'brainstorming',
    title: { fr: 'Brainstorming', en: 'Brainstorming' },
    description: {
      fr: 'Des séances de réflexion en salle comme en plein air, pour faire naître les idées de l’association.',
      en: 'Brainstorming sessions indoors and outdoors, where the association’s ideas take shape.',
    },
    image: galleryImage('brainstorming', {
      fr: 'Illustration d’un tableau couvert de post-it sous une ampoule allumée, et d’un arbre à l’extérieur',
      en: 'Illustration of a board covered in sticky notes under a lit light bulb, and a tree outside',
    }),
  },
  {
    id: 'case-study-recruitment',
    title: { fr: 'Recrutement : étude de cas', en: 'Recruitment: case study' },
    description: {
      fr: 'Une quarantaine d’entretiens individuels, puis douze candidates et candidats réunis pour l’entretien de groupe autour d’une étude de cas.',
      en: 'About forty individual interviews, then twelve candidates brought together for the group interview around a case study.',
    },
    image: galleryImage('case-study-recruitment', {
      fr: 'Illustration de deux personnes assises face à face à une table d’entretien',
      en: 'Illustration of two people sitting face to face at an interview table',
    }),
  },
  {
    id: 'christmas',
    title: { fr: 'Noël', en: 'Christmas' },
    description: {
      fr: 'La fête de Noël de l’association, pour finir le semestre d’automne tous ensemble.',
      en: 'The association’s Christmas party, to end the autumn semester together.',
    },
    image: galleryImage('christmas', {
      fr: 'Illustration d’un sapin de Noël décoré et de cadeaux sous un ciel étoilé',
      en: 'Illustration of a decorated Christmas tree and presents under a starry sky',
    }),
  },
  {
    id: 'recruitment-forum',
    title: { fr: 'Forum de recrutement', en: 'Recruitment forum' },
    description: {
      fr: 'Notre stand aux forums de septembre et de février, où nous présentons l’association aux futurs membres.',
      en: 'Our stand at the September and February forums, where we introduce the association to future members.',
    },
    image: galleryImage('recruitment-forum', {
      fr: 'Illustration d’un stand avec des bannières et des visiteurs',
      en: 'Illustration of a stand with banners and visitors',
    }),
  },
  {
    id: 'excursion',
    title: { fr: 'Excursion', en: 'Excursion' },
    description: {
      fr: 'Une journée hors du campus pour souder l’équipe, entre montagnes et sentiers.',
      en: 'A day away from campus to bring the team closer, among mountains and trails.',
    },
    image: galleryImage('excursion', {
      fr: 'Illustration de montagnes, d’un sentier et d’un bus sur la route',
      en: 'Illustration of mountains, a trail and a bus on the road',
    }),
  },
];
