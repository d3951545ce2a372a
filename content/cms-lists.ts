import { type CollectionWords, ID, picture, SAMPLE, type Words } from './cms-fields.ts';

/*
 * The editor's words for the JSON lists of content/ (content/cms-words.ts puts
 * them in the menu's order). Each text of these files is written in both
 * languages side by side: the editor shows its French and its English.
 */

const SERVICES: Record<'digital' | 'engineering' | 'translation' | 'economy' | 'design', Words> = {
  digital: { fr: 'Services digitaux', en: 'Digital services' },
  engineering: { fr: 'Services d’ingénierie', en: 'Engineering services' },
  translation: { fr: 'Traduction et relecture', en: 'Translation and proofreading' },
  economy: { fr: 'Conseil en économie', en: 'Economics consulting' },
  design: { fr: 'Design et marketing', en: 'Design and marketing' },
};

const description = (fr: string, en: string) => ({
  label: { fr: 'Description', en: 'Description' },
  hint: { fr, en },
  widget: 'text' as const,
});

export const portfolio: CollectionWords<'portfolio'> = {
  label: { fr: 'Portfolio', en: 'Portfolio' },
  singular: { fr: 'projet', en: 'project' },
  description: {
    fr: 'Les projets menés pour des clients, sur la page Portfolio.',
    en: 'Projects done for clients, on the Portfolio page.',
  },
  preview: 'portfolio',
  summary: '{{fields.id}}',
  fields: {
    id: ID,
    sample: SAMPLE,
    category: {
      label: { fr: 'Service', en: 'Service' },
      hint: {
        fr: 'Le service pour lequel le projet a été fait\u00a0: son filtre, sa couleur et son icône.',
        en: 'The service the project was done for: its filter, colour and icon.',
      },
      options: SERVICES,
    },
    type: {
      label: { fr: 'Type de mandat', en: 'Kind of project' },
      hint: { fr: 'P.\u00a0ex. «\u00a0Site web\u00a0», «\u00a0Étude de marché\u00a0».', en: 'E.g. “Website”, “Market study”.' },
    },
    title: { label: { fr: 'Titre', en: 'Title' } },
    description: description(
      'Deux ou trois phrases\u00a0: le besoin, ce que les étudiantes et étudiants ont fait, le résultat.',
      'Two or three sentences: the need, what the students did, the result.',
    ),
    client: {
      label: { fr: 'Client', en: 'Client' },
      hint: {
        fr: 'Toujours générique («\u00a0Une PME de la région lausannoise\u00a0»)\u00a0: jamais le nom d’un client sans son accord.',
        en: 'Always generic (“A small business near Lausanne”): never a client’s name without their consent.',
      },
    },
    image: picture('portfolio', { fr: 'Image', en: 'Image' }, { fr: 'Facultative.', en: 'Optional.' }),
  },
};

export const team: CollectionWords<'team'> = {
  label: { fr: 'Équipe', en: 'Team' },
  singular: { fr: 'rôle', en: 'role' },
  description: {
    fr: 'Les rôles du comité et les personnes qui les tiennent, sur la page Équipe.',
    en: 'The committee’s roles and the people holding them, on the Team page.',
  },
  preview: 'team',
  summary: '{{fields.id}}',
  fields: {
    id: ID,
    group: {
      label: { fr: 'Groupe', en: 'Group' },
      hint: { fr: 'La partie de la page Équipe où le rôle apparaît.', en: 'The part of the Team page the role appears in.' },
      options: {
        direction: { fr: 'Direction', en: 'Board' },
        projectManagers: { fr: 'Chefs de projet', en: 'Project managers' },
        poles: { fr: 'Pôles de soutien', en: 'Support teams' },
        members: { fr: 'Membres', en: 'Members' },
      },
    },
    title: { label: { fr: 'Rôle', en: 'Role' } },
    description: description('Ce que fait ce rôle, en une ou deux phrases.', 'What the role does, in one or two sentences.'),
    members: {
      label: { fr: 'Personnes', en: 'People' },
      hint: {
        fr: 'Les personnes qui tiennent ce rôle, chacune avec son nom et, si elle le souhaite, sa photo.',
        en: 'The people holding the role, each with their name and, if they wish, their photo.',
      },
      singular: { fr: 'personne', en: 'person' },
      summary: '{{fields.name}}',
      fields: {
        name: { label: { fr: 'Nom', en: 'Name' } },
        photo: {
          label: { fr: 'Photo', en: 'Photo' },
          hint: {
            fr: 'Un portrait, facultatif\u00a0: le site le recadre en cercle.',
            en: 'A portrait, optional: the site crops it to a circle.',
          },
          folder: 'team',
        },
      },
    },
  },
};

export const events: CollectionWords<'events'> = {
  label: { fr: 'Événements', en: 'Events' },
  singular: { fr: 'événement', en: 'event' },
  description: { fr: 'Les événements datés, sur la page Événements.', en: 'Dated events, on the Events page.' },
  preview: 'events',
  summary: '{{fields.date}} {{fields.id}}',
  fields: {
    id: ID,
    sample: SAMPLE,
    name: { label: { fr: 'Nom', en: 'Name' } },
    date: { label: { fr: 'Date', en: 'Date' } },
    description: description('Une ou deux phrases.', 'One or two sentences.'),
    image: picture('events', { fr: 'Photo', en: 'Photo' }, { fr: 'Facultative.', en: 'Optional.' }),
  },
};

export const activities: CollectionWords<'activities'> = {
  label: { fr: 'Activités', en: 'Activities' },
  singular: { fr: 'activité', en: 'activity' },
  description: {
    fr: 'Les activités qui reviennent chaque année, sur la page Événements.',
    en: 'The activities that come back every year, on the Events page.',
  },
  preview: 'events',
  fields: {
    id: ID,
    name: { label: { fr: 'Nom', en: 'Name' } },
    period: { label: { fr: 'Période', en: 'When' }, hint: { fr: 'P.\u00a0ex. «\u00a0En décembre\u00a0».', en: 'E.g. “In December”.' } },
    description: description('Une ou deux phrases.', 'One or two sentences.'),
    facts: {
      label: { fr: 'En bref', en: 'In short' },
      hint: { fr: 'Quelques faits courts, un par ligne, dans chaque langue.', en: 'A few short facts, one a line, in each language.' },
    },
    image: picture('events', { fr: 'Photo', en: 'Photo' }, { fr: 'Facultative.', en: 'Optional.' }),
  },
};

export const galleries: CollectionWords<'galleries'> = {
  label: { fr: 'Galeries', en: 'Galleries' },
  singular: { fr: 'galerie', en: 'gallery' },
  description: {
    fr: 'Les images de la vie de l’association, sur la page Événements.',
    en: 'Pictures of the association’s life, on the Events page.',
  },
  preview: 'events',
  fields: {
    id: ID,
    title: { label: { fr: 'Titre', en: 'Title' } },
    description: description('Une phrase.', 'One sentence.'),
    image: picture('galleries', { fr: 'Image', en: 'Image' }),
  },
};

export const partners: CollectionWords<'partners'> = {
  label: { fr: 'Partenaires', en: 'Partners' },
  singular: { fr: 'partenaire', en: 'partner' },
  description: { fr: 'Les partenaires, sur la page d’accueil et en pied de page.', en: 'Partners, on the home page and in the footer.' },
  preview: '',
  fields: {
    id: ID,
    sample: SAMPLE,
    name: { label: { fr: 'Nom', en: 'Name' } },
    kind: {
      label: { fr: 'Type', en: 'Kind' },
      options: {
        academic: { fr: 'Académique', en: 'Academic' },
        network: { fr: 'Réseau', en: 'Network' },
        company: { fr: 'Entreprise', en: 'Company' },
      },
    },
    description: description('Une phrase.', 'One sentence.'),
    url: { label: { fr: 'Site web', en: 'Website' }, hint: { fr: 'Facultatif.', en: 'Optional.' } },
    logo: {
      label: { fr: 'Logo', en: 'Logo' },
      hint: { fr: 'PNG transparent, SVG ou JPEG\u00a0; facultatif.', en: 'Transparent PNG, SVG or JPEG; optional.' },
      folder: 'partners',
    },
  },
};

export const testimonials: CollectionWords<'testimonials'> = {
  label: { fr: 'Témoignages', en: 'Testimonials' },
  singular: { fr: 'témoignage', en: 'testimonial' },
  description: {
    fr: 'Ce que disent les clients, sur l’accueil et les pages des services.',
    en: 'What clients say, on the home and service pages.',
  },
  preview: '',
  fields: {
    id: ID,
    sample: SAMPLE,
    quote: { label: { fr: 'Citation', en: 'Quote' }, widget: 'text' },
    author: {
      label: { fr: 'Auteur', en: 'Author' },
      hint: {
        fr: 'Un rôle générique («\u00a0Directrice d’une PME\u00a0»), jamais un nom sans accord.',
        en: 'A generic role (“Head of a small business”), never a name without consent.',
      },
    },
    service: { label: { fr: 'Service', en: 'Service' }, options: SERVICES },
  },
};

export const awards: CollectionWords<'awards'> = {
  label: { fr: 'Distinctions', en: 'Awards' },
  singular: { fr: 'distinction', en: 'award' },
  description: { fr: 'Les prix reçus, sur la page d’accueil.', en: 'Prizes won, on the home page.' },
  preview: '',
  fields: {
    id: ID,
    sample: SAMPLE,
    year: {
      label: { fr: 'Année', en: 'Year' },
      hint: { fr: 'Seulement une fois le prix obtenu.', en: 'Only once the prize has been won.' },
    },
    title: { label: { fr: 'Titre', en: 'Title' } },
    description: description('Une phrase.', 'One sentence.'),
  },
};

export const faq: CollectionWords<'faq'> = {
  label: { fr: 'Questions fréquentes', en: 'FAQ' },
  singular: { fr: 'question', en: 'question' },
  description: { fr: 'Les questions des candidats, sur la page Jobs étudiants.', en: 'Applicants’ questions, on the Jobs page.' },
  preview: 'jobs',
  fields: {
    id: ID,
    sample: SAMPLE,
    question: { label: { fr: 'Question', en: 'Question' } },
    answer: { label: { fr: 'Réponse', en: 'Answer' }, widget: 'text' },
  },
};
