import { z } from 'zod';
import { localized, slug, uniqueBy } from './schema';

export const faqSchema = z.object({ id: slug, question: localized, answer: localized }).strict();
export type FaqEntry = z.infer<typeof faqSchema>;

export const faqsSchema = z.array(faqSchema).superRefine(uniqueBy((f) => f.id));

/** Questions students ask about jobs and the committee, shown on the jobs page. */
export const jobsFaq: FaqEntry[] = [
  {
    id: 'trouver-un-job',
    question: { fr: 'Comment trouver un job étudiant ?', en: 'How do I find a student job?' },
    answer: {
      fr: 'Inscrivez-vous sur notre plateforme de jobs étudiants, accessible depuis le menu de connexion (espace étudiants). Les mandats ouverts sont publiés sur cette page : il suffit ensuite de postuler à ceux qui correspondent à votre profil.',
      en: 'Sign up on our student job platform, which you can reach from the login menu (student area). Open projects are listed on this page: then simply apply for the ones that match your profile.',
    },
  },
  {
    id: 'qui-peut-postuler',
    question: { fr: 'Qui peut postuler ?', en: 'Who can apply?' },
    answer: {
      fr: 'Nos mandats s’adressent aux étudiantes et étudiants de l’EPFL et de l’UNIL, toutes filières confondues : ingénierie, sciences, économie, langues, design… Chaque offre précise les compétences recherchées.',
      en: 'Our projects are open to EPFL and UNIL students from every field: engineering, science, economics, languages, design and more. Each offer sets out the skills required.',
    },
  },
  {
    id: 'remuneration',
    question: { fr: 'Comment fonctionne la rémunération ?', en: 'How does pay work?' },
    answer: {
      fr: 'La rémunération est indiquée dans chaque offre, par exemple un tarif horaire, ou un montant au mot pour les traductions. Elle est fixée dans votre contrat et versée sur la base des heures validées ou du travail livré.',
      en: 'Pay is stated in each offer, for example an hourly rate, or a per-word rate for translations. It is set in your contract and paid on the basis of the hours approved or the work delivered.',
    },
  },
  {
    id: 'nombre-d-heures',
    question: { fr: 'Combien d’heures faut-il prévoir ?', en: 'How many hours will I work?' },
    answer: {
      fr: 'Cela dépend du mandat : chaque offre indique sa durée estimée. Vous choisissez les mandats auxquels vous postulez, et donc ceux qui s’accordent avec vos études.',
      en: 'It depends on the project: each offer gives its estimated duration. You choose which projects to apply for, so you can pick the ones that fit around your studies.',
    },
  },
  {
    id: 'etudiants-ue-aele',
    question: {
      fr: 'Je n’ai pas la nationalité suisse mais celle d’un pays de l’UE ou de l’AELE : combien d’heures puis-je travailler ?',
      en: 'I am not Swiss but a citizen of an EU or EFTA country: how many hours can I work?',
    },
    answer: {
      fr: 'Pendant les périodes de cours, vous pouvez travailler au maximum 15 heures par semaine ; pendant les vacances, vous pouvez travailler à plein temps. Tenez-en compte si vous postulez à plusieurs mandats en même temps.',
      en: 'During term time you may work at most 15 hours a week; during the holidays you may work full time. Keep this in mind if you apply for several projects at once.',
    },
  },
  {
    id: 'job-ou-comite',
    question: {
      fr: 'Quelle différence entre un job étudiant et le comité ?',
      en: 'What is the difference between a student job and the committee?',
    },
    answer: {
      fr: 'Un job étudiant est un mandat ponctuel réalisé pour l’un de nos clients. Le comité, une trentaine d’étudiantes et d’étudiants de l’EPFL et de l’UNIL, fait vivre l’association au quotidien : relations avec les clients, gestion de projets, événements, ressources humaines, marketing, informatique ou questions juridiques.',
      en: 'A student job is a one-off project carried out for one of our clients. The committee, about thirty students from EPFL and UNIL, runs the association day to day: client relations, project management, events, human resources, marketing, IT and legal matters.',
    },
  },
  {
    id: 'rejoindre-le-comite',
    question: { fr: 'Comment rejoindre le comité ?', en: 'How do I join the committee?' },
    answer: {
      fr: 'Nous recrutons deux fois par an, en septembre et en février. Conditions : une immatriculation dans une université suisse, un français courant et un bon niveau d’anglais. Prévoyez 10 à 15 heures par semaine, ainsi que vos mercredis de 19 h à 21 h.',
      en: 'We recruit twice a year, in September and February. You must be enrolled at a Swiss university, speak fluent French and have a good level of English. Expect to give 10 to 15 hours a week, plus Wednesday evenings from 7 to 9 pm.',
    },
  },
  {
    id: 'deroulement-du-recrutement',
    question: { fr: 'Comment se déroule le recrutement ?', en: 'What does the recruitment process look like?' },
    answer: {
      fr: 'Après l’envoi des candidatures, nous menons une quarantaine d’entretiens individuels. Douze candidates et candidats sont ensuite invités à un entretien de groupe, construit autour d’une étude de cas.',
      en: 'Once applications are in, we hold about forty individual interviews. Twelve candidates are then invited to a group interview built around a case study.',
    },
  },
];
