import { z } from 'zod';
import { localized, slug, uniqueBy } from './schema';

export const projectCategory = z.enum(['digital', 'engineering', 'economy']);
export type ProjectCategory = z.infer<typeof projectCategory>;

export const projectSchema = z
  .object({
    slug,
    category: projectCategory,
    /** Kind of mandate, e.g. “Site web”, “Étude de marché”. */
    type: localized,
    title: localized,
    /** Two or three sentences: the need, what the students did, the result. */
    description: localized,
    /** Always generic (“Une PME de la région lausannoise”): never a client’s name. */
    client: localized.optional(),
  })
  .strict();
export type Project = z.infer<typeof projectSchema>;

export const projectsSchema = z.array(projectSchema).superRefine(uniqueBy((p) => p.slug));

/**
 * Examples of mandates, three per category, written for the site’s launch.
 * Clients stay anonymous; the association replaces or adds entries as it wishes.
 */
export const projects: Project[] = [
  // Digital
  {
    slug: 'site-vitrine-pme',
    category: 'digital',
    type: { fr: 'Site web', en: 'Website' },
    title: { fr: 'Un nouveau site vitrine pour une PME', en: 'A new company website for a small business' },
    description: {
      fr: 'L’entreprise voulait un site plus clair, qu’elle puisse mettre à jour elle-même. Une étudiante et un étudiant ont conçu les maquettes avec elle, puis intégré le site dans un CMS, en soignant l’affichage sur mobile. Le client gère aujourd’hui ses contenus sans aide extérieure.',
      en: 'The company wanted a clearer website that it could update on its own. Two students designed the mock-ups with the client, then built the site on a CMS, with particular care for mobile display. The client now manages its content without outside help.',
    },
    client: { fr: 'une PME de la région lausannoise', en: 'a small business in the Lausanne area' },
  },
  {
    slug: 'outil-reservation-en-ligne',
    category: 'digital',
    type: { fr: 'Application web', en: 'Web application' },
    title: { fr: 'Un outil de réservation en ligne', en: 'An online booking tool' },
    description: {
      fr: 'Les réservations de salles se faisaient par e-mail et dans un tableur partagé, avec des doublons fréquents. Une équipe d’étudiants a développé une petite application web avec calendrier, confirmation automatique et accès pour les bénévoles. Les demandes sont désormais centralisées au même endroit.',
      en: 'Room bookings were handled by e-mail and in a shared spreadsheet, with frequent double bookings. A student team built a small web application with a calendar, automatic confirmations and access for volunteers. All requests are now handled in one place.',
    },
    client: { fr: 'une association culturelle', en: 'a cultural association' },
  },
  {
    slug: 'tableau-de-bord-ventes',
    category: 'digital',
    type: { fr: 'Analyse de données', en: 'Data analysis' },
    title: { fr: 'Un tableau de bord des ventes', en: 'A sales dashboard' },
    description: {
      fr: 'La direction compilait chaque mois ses chiffres de vente à la main, à partir de plusieurs exports. Un étudiant en science des données a automatisé la collecte en Python et construit un tableau de bord mis à jour chaque semaine. Les indicateurs sont disponibles sans aucune saisie manuelle.',
      en: 'Management compiled its sales figures by hand every month from several exports. A data science student automated the collection in Python and built a dashboard that refreshes every week. The key figures are now available without any manual input.',
    },
    client: { fr: 'une entreprise de distribution romande', en: 'a distribution company in French-speaking Switzerland' },
  },
  // Engineering
  {
    slug: 'prototype-boitier-capteur',
    category: 'engineering',
    type: { fr: 'Conception mécanique', en: 'Mechanical design' },
    title: { fr: 'Le prototype d’un boîtier pour capteur', en: 'A prototype housing for a sensor' },
    description: {
      fr: 'La start-up avait besoin d’un boîtier étanche et léger pour ses premiers essais. Deux étudiants en génie mécanique l’ont modélisé en CAO, puis ont fait évoluer le design sur plusieurs itérations imprimées en 3D. Le prototype retenu a servi aux premiers tests avec des utilisateurs.',
      en: 'The start-up needed a light, waterproof housing for its first trials. Two mechanical engineering students modelled it in CAD, then refined the design over several 3D-printed iterations. The final prototype was used for the first tests with users.',
    },
    client: { fr: 'une start-up dans la medtech', en: 'a medtech start-up' },
  },
  {
    slug: 'etude-thermique-armoire-electrique',
    category: 'engineering',
    type: { fr: 'Simulation', en: 'Simulation' },
    title: { fr: 'L’étude thermique d’une armoire électrique', en: 'A thermal study of an electrical cabinet' },
    description: {
      fr: 'Des composants chauffaient anormalement dans une armoire électrique en cours de conception. Une étudiante en master a simulé les flux d’air et de chaleur par éléments finis, puis comparé plusieurs dispositions de ventilation. Ses recommandations ont été reprises dans la version finale.',
      en: 'Components were running unusually hot in an electrical cabinet under design. A master’s student simulated the air and heat flows with finite elements, then compared several ventilation layouts. Her recommendations were included in the final version.',
    },
    client: { fr: 'une PME industrielle', en: 'an industrial SME' },
  },
  {
    slug: 'banc-de-test-automatise',
    category: 'engineering',
    type: { fr: 'Électronique', en: 'Electronics' },
    title: { fr: 'Un banc de test automatisé', en: 'An automated test bench' },
    description: {
      fr: 'Les contrôles de pièces se faisaient à la main et n’étaient pas enregistrés. Des étudiants en microtechnique ont réalisé un banc de mesure à base de microcontrôleur, avec un logiciel qui archive chaque résultat. Les contrôles sont plus rapides et désormais traçables.',
      en: 'Parts were checked by hand and the results were not recorded. Microengineering students built a microcontroller-based measuring bench, with software that stores every result. Checks are faster and now fully traceable.',
    },
    client: { fr: 'une PME de mécanique de précision', en: 'a precision engineering SME' },
  },
  // Economy
  {
    slug: 'etude-de-marche-nouveau-produit',
    category: 'economy',
    type: { fr: 'Étude de marché', en: 'Market study' },
    title: { fr: 'Une étude de marché avant un lancement', en: 'A market study before a launch' },
    description: {
      fr: 'Avant de lancer un nouveau produit, la jeune entreprise voulait mieux connaître sa clientèle et sa concurrence. Une équipe d’étudiantes et d’étudiants en économie a mené un sondage en ligne, des entretiens et une analyse des offres existantes. L’étude a permis de choisir un segment prioritaire et d’ajuster le prix de lancement.',
      en: 'Before launching a new product, the young company wanted a better picture of its customers and competitors. A team of economics students ran an online survey, interviews and a review of existing offers. The study helped the client pick a priority segment and adjust its launch price.',
    },
    client: { fr: 'une start-up dans l’alimentation', en: 'a food start-up' },
  },
  {
    slug: 'business-plan-modele-financier',
    category: 'economy',
    type: { fr: 'Business plan', en: 'Business plan' },
    title: { fr: 'Un business plan et son modèle financier', en: 'A business plan and its financial model' },
    description: {
      fr: 'Les fondateurs devaient présenter un dossier solide à leurs premiers financeurs. Deux étudiants ont structuré le business plan et construit un modèle financier sur cinq ans, avec plusieurs scénarios. Le dossier a été présenté tel quel aux investisseurs.',
      en: 'The founders had to present a solid case to their first investors. Two students structured the business plan and built a five-year financial model with several scenarios. The documents were presented to investors as delivered.',
    },
    client: { fr: 'une jeune entreprise de services', en: 'a young service company' },
  },
  {
    slug: 'revision-grille-tarifaire',
    category: 'economy',
    type: { fr: 'Analyse de prix', en: 'Pricing analysis' },
    title: { fr: 'La révision d’une grille tarifaire', en: 'A review of a price list' },
    description: {
      fr: 'Les tarifs n’avaient pas été revus depuis plusieurs années et ne couvraient plus les coûts. Les étudiants ont analysé les coûts par prestation, comparé les prix pratiqués dans la région et proposé plusieurs scénarios chiffrés. Une nouvelle grille, plus lisible, a été adoptée.',
      en: 'Prices had not been reviewed for several years and no longer covered costs. The students analysed the cost of each service, compared prices in the region and proposed several costed scenarios. A new, clearer price list was adopted.',
    },
    client: { fr: 'une PME du secteur des services', en: 'a service-sector SME' },
  },
];
