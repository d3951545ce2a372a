import { z } from 'zod';
import { localized, uniqueBy } from './schema';

export const serviceIdSchema = z.enum(['digital', 'engineering', 'translation', 'economy', 'design']);
export type ServiceId = z.infer<typeof serviceIdSchema>;

/** The portfolio groups past projects under these categories only. */
export const portfolioCategorySchema = z.enum(['digital', 'engineering', 'economy']);
export type PortfolioCategory = z.infer<typeof portfolioCategorySchema>;

const titledText = z.object({ title: localized, text: localized }).strict();

export const serviceSchema = z
  .object({
    id: serviceIdSchema,
    /** One sentence under the page title. */
    tagline: localized,
    /** What the service concretely covers. */
    offers: z.array(titledText).min(4).max(6),
    /** Who the service is for, in two or three sentences. */
    audience: localized,
    /** How a mandate runs, from first contact to delivery. */
    steps: z.array(titledText).length(4),
    /** Key figures, taken only from the association's published numbers. */
    figures: z.array(z.object({ value: z.string().min(1), label: localized }).strict()).min(1).max(3),
    /** Portfolio category showing past projects of this service, or null when there is none. */
    portfolioCategory: portfolioCategorySchema.nullable(),
  })
  .strict()
  .refine((s) => s.portfolioCategory === null || s.portfolioCategory === s.id, {
    message: 'a service can only link to its own portfolio category',
    path: ['portfolioCategory'],
  });
export type Service = z.infer<typeof serviceSchema>;

export const servicesSchema = z
  .array(serviceSchema)
  .length(5)
  .superRefine(uniqueBy((s) => s.id));

/** The five services of the association, in the order they are presented. */
export const services: Service[] = [
  {
    id: 'digital',
    tagline: {
      fr: 'Sites web, applications et outils numériques conçus et développés par des étudiantes et étudiants de l’EPFL et de l’UNIL.',
      en: 'Websites, apps and digital tools designed and built by students from EPFL and UNIL.',
    },
    offers: [
      {
        title: { fr: 'Sites web', en: 'Websites' },
        text: {
          fr: 'Site vitrine, site d’association ou refonte d’un site existant : de la maquette à la mise en ligne, avec un outil de gestion de contenu si vous souhaitez le mettre à jour vous-même.',
          en: 'A company website, a site for your association or a redesign of your current one: from mock-up to launch, with a content management system if you want to update it yourself.',
        },
      },
      {
        title: { fr: 'Applications web et mobiles', en: 'Web and mobile apps' },
        text: {
          fr: 'Des applications sur mesure pour vos clients ou vos équipes : réservations, espace membres, outils internes ou prototype pour tester une idée.',
          en: 'Custom applications for your customers or your staff: bookings, member areas, internal tools or a prototype to test an idea.',
        },
      },
      {
        title: { fr: 'Automatisation', en: 'Automation' },
        text: {
          fr: 'Vos tâches répétitives automatisées : traitement de fichiers Excel, génération de rapports, connexion entre vos différents outils.',
          en: 'Your repetitive tasks automated: processing spreadsheets, generating reports, connecting your different tools.',
        },
      },
      {
        title: { fr: 'Données et tableaux de bord', en: 'Data and dashboards' },
        text: {
          fr: 'Collecte, nettoyage et analyse de vos données, puis des tableaux de bord clairs pour suivre vos indicateurs.',
          en: 'Collecting, cleaning and analysing your data, then clear dashboards to track your key figures.',
        },
      },
      {
        title: { fr: 'Conseil informatique', en: 'IT advice' },
        text: {
          fr: 'Choix des outils, analyse d’un site existant, migration vers de nouveaux services : un regard indépendant sur vos besoins numériques.',
          en: 'Choosing tools, reviewing an existing website, moving to new services: an independent view of your digital needs.',
        },
      },
    ],
    audience: {
      fr: 'PME, start-ups, associations et institutions qui ont besoin d’un site, d’une application ou d’un outil sur mesure. Nos étudiantes et étudiants travaillent avec des technologies actuelles et s’adaptent aux outils que vous utilisez déjà.',
      en: 'SMEs, start-ups, associations and institutions that need a website, an app or a custom tool. Our students work with current technologies and adapt to the tools you already use.',
    },
    steps: [
      {
        title: { fr: 'Premier contact', en: 'First contact' },
        text: {
          fr: 'Décrivez votre projet via le formulaire de contact ou par téléphone : objectifs, fonctionnalités souhaitées, délais.',
          en: 'Tell us about your project through the contact form or by phone: goals, features you need, deadlines.',
        },
      },
      {
        title: { fr: 'Devis gratuit', en: 'Free quote' },
        text: {
          fr: 'Vous recevez un devis gratuit sous 24 heures au plus tard, avec le périmètre du projet et le calendrier.',
          en: 'You receive a free quote within 24 hours at the latest, setting out the scope of the project and the timeline.',
        },
      },
      {
        title: { fr: 'Équipe et chef de projet', en: 'Team and project manager' },
        text: {
          fr: 'Nous sélectionnons les étudiantes et étudiants dont les compétences correspondent à votre projet, et une cheffe ou un chef de projet devient votre interlocuteur unique.',
          en: 'We select the students whose skills match your project, and a project manager becomes your single point of contact.',
        },
      },
      {
        title: { fr: 'Livraison et suivi', en: 'Delivery and follow-up' },
        text: {
          fr: 'Votre site ou votre application est livré et mis en ligne ; nous restons en contact après la livraison pour les derniers ajustements.',
          en: 'Your website or app is delivered and goes live; we stay in touch after delivery for any final adjustments.',
        },
      },
    ],
    figures: [
      { value: '36', label: { fr: 'projets menés par la JE EPFL en 2024', en: 'projects carried out by JE EPFL in 2024' } },
      { value: '135', label: { fr: 'étudiantes et étudiants engagés en 2024', en: 'students employed in 2024' } },
    ],
    portfolioCategory: 'digital',
  },
  {
    id: 'engineering',
    tagline: {
      fr: 'Des étudiantes et étudiants en ingénierie mettent leur savoir-faire au service de vos projets techniques, de l’idée au prototype.',
      en: 'Engineering students put their know-how to work on your technical projects, from idea to prototype.',
    },
    offers: [
      {
        title: { fr: 'Conception et CAO', en: 'Design and CAD' },
        text: {
          fr: 'Modélisation 3D de pièces et d’assemblages, plans de fabrication et dimensionnement.',
          en: '3D models of parts and assemblies, manufacturing drawings and sizing.',
        },
      },
      {
        title: { fr: 'Prototypage', en: 'Prototyping' },
        text: {
          fr: 'Des prototypes et maquettes fonctionnelles pour valider un concept avant de passer à la production.',
          en: 'Working prototypes and models to prove a concept before going into production.',
        },
      },
      {
        title: { fr: 'Simulation et calcul', en: 'Simulation and calculation' },
        text: {
          fr: 'Simulations numériques (éléments finis, mécanique des fluides, thermique) et calculs de dimensionnement.',
          en: 'Numerical simulations (finite elements, fluid dynamics, heat transfer) and sizing calculations.',
        },
      },
      {
        title: { fr: 'Électronique et systèmes embarqués', en: 'Electronics and embedded systems' },
        text: {
          fr: 'Conception de circuits, programmation de microcontrôleurs, intégration de capteurs et acquisition de données.',
          en: 'Circuit design, microcontroller programming, sensor integration and data acquisition.',
        },
      },
      {
        title: { fr: 'Études de faisabilité', en: 'Feasibility studies' },
        text: {
          fr: 'Analyse technique de votre idée, revue des solutions existantes et des brevets, recommandations argumentées.',
          en: 'Technical assessment of your idea, review of existing solutions and patents, and reasoned recommendations.',
        },
      },
      {
        title: { fr: 'Analyse de données et modélisation', en: 'Data analysis and modelling' },
        text: {
          fr: 'Traitement de mesures, modèles statistiques et scripts de calcul en Python ou en MATLAB.',
          en: 'Processing measurements, statistical models and calculation scripts in Python or MATLAB.',
        },
      },
    ],
    audience: {
      fr: 'Start-ups qui développent un produit, PME industrielles, bureaux d’études et institutions qui ont besoin de compétences techniques pour un projet précis. Nous trouvons parmi nos étudiantes et étudiants les profils adaptés à votre domaine, de la mécanique à l’électronique en passant par le génie civil et l’informatique.',
      en: 'Start-ups developing a product, industrial SMEs, engineering firms and institutions that need technical skills for a specific project. We find the right profiles for your field among our students, from mechanical engineering to electronics, civil engineering and computing.',
    },
    steps: [
      {
        title: { fr: 'Premier contact', en: 'First contact' },
        text: {
          fr: 'Présentez-nous votre problème technique, vos contraintes et vos délais, via le formulaire de contact ou par téléphone.',
          en: 'Tell us about your technical problem, your constraints and your deadlines, through the contact form or by phone.',
        },
      },
      {
        title: { fr: 'Devis gratuit', en: 'Free quote' },
        text: {
          fr: 'Après analyse de votre demande, nous vous envoyons un devis gratuit sous 24 heures au plus tard.',
          en: 'Once we have reviewed your request, we send you a free quote within 24 hours at the latest.',
        },
      },
      {
        title: { fr: 'Sélection des profils', en: 'Choosing the right profiles' },
        text: {
          fr: 'Nous sélectionnons les étudiantes et étudiants dont la formation correspond à votre besoin ; une cheffe ou un chef de projet suit le mandat de bout en bout.',
          en: 'We select students whose studies match your needs; a project manager oversees the project from start to finish.',
        },
      },
      {
        title: { fr: 'Livraison et suivi', en: 'Delivery and follow-up' },
        text: {
          fr: 'Vous recevez les livrables convenus (plans, prototypes, rapports, code), puis nous faisons le point avec vous.',
          en: 'You receive the agreed deliverables (drawings, prototypes, reports, code), then we review the results with you.',
        },
      },
    ],
    figures: [
      { value: '28', label: { fr: 'profils en ingénierie', en: 'engineering profiles' } },
      { value: '135', label: { fr: 'étudiantes et étudiants engagés en 2024', en: 'students employed in 2024' } },
    ],
    portfolioCategory: 'engineering',
  },
  {
    id: 'translation',
    tagline: {
      fr: 'Des traductions et des relectures soignées, réalisées par des étudiantes et étudiants, dans plus de 125 langues.',
      en: 'Careful translation and proofreading by students, in over 125 languages.',
    },
    offers: [
      {
        title: { fr: 'Traduction et relecture', en: 'Translation and proofreading' },
        text: {
          fr: 'Votre texte est traduit, puis relu avant la livraison, pour un résultat exact et naturel.',
          en: 'Your text is translated, then proofread before delivery, for an accurate and natural result.',
        },
      },
      {
        title: { fr: 'Relecture seule', en: 'Proofreading only' },
        text: {
          fr: 'Vous avez déjà un texte ou une traduction ? Nous en corrigeons l’orthographe, la grammaire et le style.',
          en: 'Already have a text or a translation? We correct its spelling, grammar and style.',
        },
      },
      {
        title: { fr: 'Documents techniques et scientifiques', en: 'Technical and scientific documents' },
        text: {
          fr: 'Rapports, articles, modes d’emploi et documentations, confiés autant que possible à des étudiantes et étudiants du domaine concerné.',
          en: 'Reports, papers, user manuals and documentation, entrusted wherever possible to students from the field concerned.',
        },
      },
      {
        title: { fr: 'Sites web et supports de communication', en: 'Websites and marketing material' },
        text: {
          fr: 'Pages web, brochures, présentations et publications pour les réseaux sociaux, adaptées à votre public.',
          en: 'Web pages, brochures, presentations and social media posts, adapted to your audience.',
        },
      },
      {
        title: { fr: 'Correspondance et documents administratifs', en: 'Letters and administrative documents' },
        text: {
          fr: 'Lettres, documents administratifs, dossiers de candidature et travaux académiques.',
          en: 'Letters, administrative documents, application files and academic papers.',
        },
      },
      {
        title: { fr: 'Estimation de prix en ligne', en: 'Online price estimate' },
        text: {
          fr: 'Indiquez le type de service, le nombre de mots et les langues souhaitées : vous recevez une estimation de prix par e-mail.',
          en: 'Enter the type of service, the word count and the languages you need: we send you a price estimate by e-mail.',
        },
      },
    ],
    audience: {
      fr: 'Entreprises, start-ups, institutions, associations et particuliers qui ont besoin d’un texte juste dans une autre langue. Du français, de l’anglais, de l’allemand et de l’italien jusqu’aux langues plus rares, nous couvrons plus de 125 langues.',
      en: 'Companies, start-ups, institutions, associations and individuals who need an accurate text in another language. From French, English, German and Italian to less common languages, we cover over 125 languages.',
    },
    steps: [
      {
        title: { fr: 'Votre demande', en: 'Your request' },
        text: {
          fr: 'Utilisez notre estimateur de prix ou le formulaire de contact : type de service, nombre de mots, langue source et langues cibles.',
          en: 'Use our price estimator or the contact form: type of service, word count, source language and target languages.',
        },
      },
      {
        title: { fr: 'Devis gratuit', en: 'Free quote' },
        text: {
          fr: 'Nous confirmons le prix et le délai dans un devis gratuit, envoyé sous 24 heures au plus tard.',
          en: 'We confirm the price and the turnaround time in a free quote, sent within 24 hours at the latest.',
        },
      },
      {
        title: { fr: 'Choix des traducteurs', en: 'Choosing the translators' },
        text: {
          fr: 'Nous sélectionnons des étudiantes et étudiants qui maîtrisent les langues de votre texte ; une cheffe ou un chef de projet coordonne le mandat.',
          en: 'We select students who have a thorough command of the languages of your text; a project manager coordinates the work.',
        },
      },
      {
        title: { fr: 'Livraison et suivi', en: 'Delivery and follow-up' },
        text: {
          fr: 'Vous recevez le texte traduit ou relu dans le délai convenu, et nous intégrons vos remarques si nécessaire.',
          en: 'You receive the translated or proofread text by the agreed date, and we work in your comments if needed.',
        },
      },
    ],
    figures: [
      { value: '95 %', label: { fr: 'de clients satisfaits de nos traductions', en: 'satisfied translation customers' } },
      { value: '125+', label: { fr: 'langues proposées', en: 'languages offered' } },
    ],
    portfolioCategory: null,
  },
  {
    id: 'economy',
    tagline: {
      fr: 'Études de marché, business plans et analyses financières réalisés par des étudiantes et étudiants en économie et en gestion.',
      en: 'Market research, business plans and financial analysis by economics and management students.',
    },
    offers: [
      {
        title: { fr: 'Études de marché', en: 'Market research' },
        text: {
          fr: 'Taille du marché, clientèle cible, concurrence : des données concrètes pour décider où et comment vous lancer.',
          en: 'Market size, target customers, competition: concrete data to decide where and how to launch.',
        },
      },
      {
        title: { fr: 'Business plan', en: 'Business plans' },
        text: {
          fr: 'Modèle d’affaires, prévisions financières et plan d’action, rédigés pour convaincre vos partenaires et vos investisseurs.',
          en: 'Business model, financial forecasts and action plan, written to convince your partners and investors.',
        },
      },
      {
        title: { fr: 'Analyse financière', en: 'Financial analysis' },
        text: {
          fr: 'Analyse de rentabilité, calcul des coûts, politique de prix et évaluation de projets d’investissement.',
          en: 'Profitability analysis, costing, pricing and appraisal of investment projects.',
        },
      },
      {
        title: { fr: 'Enquêtes et sondages', en: 'Surveys' },
        text: {
          fr: 'Conception du questionnaire, collecte des réponses et analyse statistique des résultats.',
          en: 'Questionnaire design, collecting responses and statistical analysis of the results.',
        },
      },
      {
        title: { fr: 'Concurrence et stratégie', en: 'Competition and strategy' },
        text: {
          fr: 'Comparaison avec vos concurrents, analyse SWOT et recommandations stratégiques.',
          en: 'Benchmarking against your competitors, SWOT analysis and strategic recommendations.',
        },
      },
      {
        title: { fr: 'Organisation et processus', en: 'Organisation and processes' },
        text: {
          fr: 'Analyse de votre organisation et de vos processus pour gagner du temps et réduire vos coûts.',
          en: 'A review of your organisation and processes to save time and cut costs.',
        },
      },
    ],
    audience: {
      fr: 'Start-ups qui préparent un lancement ou une levée de fonds, PME qui veulent se développer, associations et institutions qui souhaitent un regard extérieur. Nos étudiantes et étudiants appliquent à votre situation concrète les méthodes qu’ils apprennent en cours.',
      en: 'Start-ups preparing a launch or a funding round, SMEs looking to grow, and associations and institutions wanting an outside view. Our students apply the methods they learn in class to your real situation.',
    },
    steps: [
      {
        title: { fr: 'Premier contact', en: 'First contact' },
        text: {
          fr: 'Expliquez-nous votre question, via le formulaire de contact ou par téléphone : lancer un produit, entrer sur un marché, fixer vos prix…',
          en: 'Tell us what you need to know, through the contact form or by phone: launching a product, entering a market, setting your prices…',
        },
      },
      {
        title: { fr: 'Devis gratuit', en: 'Free quote' },
        text: {
          fr: 'Nous précisons la méthode, les livrables et le calendrier dans un devis gratuit, envoyé sous 24 heures au plus tard.',
          en: 'We set out the method, the deliverables and the timeline in a free quote, sent within 24 hours at the latest.',
        },
      },
      {
        title: { fr: 'Équipe dédiée', en: 'A dedicated team' },
        text: {
          fr: 'Nous sélectionnons des étudiantes et étudiants aux profils adaptés, et une cheffe ou un chef de projet assure le suivi du mandat.',
          en: 'We select students with the right profiles, and a project manager oversees the project.',
        },
      },
      {
        title: { fr: 'Résultats et suivi', en: 'Results and follow-up' },
        text: {
          fr: 'Vous recevez un rapport clair et des recommandations concrètes, que nous vous présentons et discutons avec vous.',
          en: 'You receive a clear report and practical recommendations, which we present and discuss with you.',
        },
      },
    ],
    figures: [
      { value: '36', label: { fr: 'projets menés par la JE EPFL en 2024', en: 'projects carried out by JE EPFL in 2024' } },
      { value: '1983', label: { fr: 'année de fondation de la JE EPFL', en: 'the year JE EPFL was founded' } },
    ],
    portfolioCategory: 'economy',
  },
  {
    id: 'design',
    tagline: {
      fr: 'Une image claire et cohérente pour votre marque, de l’identité visuelle à la communication sur les réseaux sociaux.',
      en: 'A clear, consistent image for your brand, from visual identity to social media.',
    },
    offers: [
      {
        title: { fr: 'Identité visuelle', en: 'Visual identity' },
        text: {
          fr: 'Logo, palette de couleurs, typographies et charte graphique pour une image reconnaissable.',
          en: 'Logo, colour palette, typefaces and brand guidelines for a recognisable image.',
        },
      },
      {
        title: { fr: 'Supports imprimés', en: 'Print material' },
        text: {
          fr: 'Flyers, affiches, brochures, cartes de visite et roll-ups, prêts pour l’impression.',
          en: 'Flyers, posters, brochures, business cards and roll-up banners, ready for print.',
        },
      },
      {
        title: { fr: 'Réseaux sociaux', en: 'Social media' },
        text: {
          fr: 'Ligne éditoriale, calendrier de publication et création de visuels pour vos réseaux sociaux.',
          en: 'Content strategy, posting schedule and visuals for your social media accounts.',
        },
      },
      {
        title: { fr: 'Maquettes web et UX/UI', en: 'Web and UX/UI design' },
        text: {
          fr: 'Maquettes de sites et d’applications, parcours utilisateur et prototypes interactifs.',
          en: 'Mock-ups of websites and apps, user journeys and interactive prototypes.',
        },
      },
      {
        title: { fr: 'Photo et vidéo', en: 'Photo and video' },
        text: {
          fr: 'Photos de produits ou d’événements, courtes vidéos de présentation et montage.',
          en: 'Product and event photography, short promotional videos and editing.',
        },
      },
      {
        title: { fr: 'Stratégie marketing', en: 'Marketing strategy' },
        text: {
          fr: 'Analyse de votre positionnement et de votre public cible, puis plan de communication.',
          en: 'An analysis of your positioning and target audience, followed by a communication plan.',
        },
      },
    ],
    audience: {
      fr: 'Start-ups qui lancent leur marque, PME qui veulent moderniser leur image, associations et particuliers qui préparent un événement ou un projet. Vous profitez du regard neuf d’étudiantes et d’étudiants attentifs aux tendances actuelles.',
      en: 'Start-ups launching their brand, SMEs wanting to refresh their image, and associations and individuals preparing an event or a project. You benefit from the fresh perspective of students who keep up with current trends.',
    },
    steps: [
      {
        title: { fr: 'Premier contact', en: 'First contact' },
        text: {
          fr: 'Parlez-nous de votre projet, de votre public et de vos envies, via le formulaire de contact ou par téléphone.',
          en: 'Tell us about your project, your audience and what you have in mind, through the contact form or by phone.',
        },
      },
      {
        title: { fr: 'Devis gratuit', en: 'Free quote' },
        text: {
          fr: 'Vous recevez un devis gratuit sous 24 heures au plus tard, avec les livrables prévus et le calendrier.',
          en: 'You receive a free quote within 24 hours at the latest, listing the planned deliverables and the timeline.',
        },
      },
      {
        title: { fr: 'Équipe créative', en: 'A creative team' },
        text: {
          fr: 'Nous sélectionnons les étudiantes et étudiants dont le style et les compétences correspondent à votre projet ; une cheffe ou un chef de projet coordonne les échanges.',
          en: 'We select students whose style and skills suit your project; a project manager coordinates the exchanges.',
        },
      },
      {
        title: { fr: 'Livraison et suivi', en: 'Delivery and follow-up' },
        text: {
          fr: 'Après vos retours sur nos propositions, vous recevez les fichiers finaux, prêts à l’emploi, et nous restons à votre écoute.',
          en: 'Once you have given feedback on our proposals, you receive the final files, ready to use, and we remain available for any questions.',
        },
      },
    ],
    figures: [
      { value: '135', label: { fr: 'étudiantes et étudiants engagés en 2024', en: 'students employed in 2024' } },
      { value: '1983', label: { fr: 'année de fondation de la JE EPFL', en: 'the year JE EPFL was founded' } },
    ],
    portfolioCategory: null,
  },
];
