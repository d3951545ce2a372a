import type { CollectionWords, FieldWords } from './cms-fields.ts';
import { picture, SAMPLE } from './cms-fields.ts';

/*
 * The editor's words for the Markdown collections of content/ (each entry a
 * French and an English file, side by side in the editor); the two single
 * JSON files have theirs in content/cms-single.ts.
 */

const BODY_HINT = {
  fr: 'Le texte lui-même. Les intertitres (Titre 2) forment la table des matières.',
  en: 'The text itself. Its headings (Heading 2) make the table of contents.',
};

const body = (fr: string, en: string): FieldWords => ({ label: { fr, en }, hint: BODY_HINT });

export const news: CollectionWords<'news'> = {
  label: { fr: 'Actualités', en: 'News' },
  singular: { fr: 'actualité', en: 'article' },
  description: {
    fr: 'Les articles de la page Actualités. Chaque article est écrit en français et en anglais.',
    en: 'The articles of the News page. Each one is written in French and in English.',
  },
  preview: 'news/{{slug}}',
  fields: {
    sample: SAMPLE,
    date: { label: { fr: 'Date', en: 'Date' }, default: '{{now}}' },
    image: picture('news', { fr: 'Image', en: 'Image' }, { fr: 'Facultative.', en: 'Optional.' }),
    type: {
      label: { fr: 'Rubrique', en: 'Section' },
      hint: { fr: 'Affichée au-dessus du titre, p.\u00a0ex. «\u00a0Recrutement\u00a0».', en: 'Shown above the title, e.g. “Recruitment”.' },
    },
    title: { label: { fr: 'Titre', en: 'Title' } },
    author: {
      label: { fr: 'Auteur', en: 'Author' },
      hint: {
        fr: 'Une équipe ou un pôle de l’association, jamais une personne inventée.',
        en: 'A team or pole of the association, never an invented person.',
      },
    },
    summary: {
      label: { fr: 'Résumé', en: 'Summary' },
      hint: {
        fr: 'Une ou deux phrases, sous le titre dans la liste des actualités.',
        en: 'One or two sentences, under the title in the list of news.',
      },
      widget: 'text',
    },
  },
  body: body('Texte', 'Text'),
};

export const jobs: CollectionWords<'jobs'> = {
  label: { fr: 'Jobs étudiants', en: 'Student jobs' },
  singular: { fr: 'offre', en: 'job offer' },
  description: {
    fr: 'Les offres de la page Jobs étudiants. Une offre quitte le site le lendemain de sa date limite.',
    en: 'The offers of the Student jobs page. An offer leaves the site the day after its deadline.',
  },
  preview: 'jobs/{{slug}}',
  fields: {
    sample: SAMPLE,
    published: { label: { fr: 'Publiée le', en: 'Published on' }, default: '{{now}}' },
    validThrough: {
      label: { fr: 'Date limite', en: 'Deadline' },
      hint: { fr: 'Le dernier jour pour postuler (heure de Lausanne).', en: 'The last day to apply (Lausanne time).' },
    },
    attachments: {
      label: { fr: 'Documents PDF', en: 'PDF documents' },
      hint: {
        fr: 'Facultatifs. Le nom du fichier en minuscules et traits d’union, p.\u00a0ex. developpeur-web.pdf.',
        en: 'Optional. The file’s name in lower case and hyphens, e.g. web-developer.pdf.',
      },
      singular: { fr: 'document', en: 'document' },
      widget: 'file',
      folder: 'jobs',
      mismatch: {
        fr: 'le nom d’un PDF en minuscules reliées par des traits d’union, p.\u00a0ex. developpeur-web.pdf',
        en: 'the name of a PDF in lower-case words joined by hyphens, e.g. web-developer.pdf',
      },
    },
    title: { label: { fr: 'Titre', en: 'Title' } },
    type: {
      label: { fr: 'Type de mandat', en: 'Kind of job' },
      hint: { fr: 'P.\u00a0ex. «\u00a0Mandat digital\u00a0».', en: 'E.g. “Digital project”.' },
    },
    location: { label: { fr: 'Lieu', en: 'Location' } },
    duration: { label: { fr: 'Durée', en: 'Duration' } },
    salary: {
      label: { fr: 'Rémunération', en: 'Pay' },
      hint: { fr: 'P.\u00a0ex. «\u00a030 CHF de l’heure\u00a0».', en: 'E.g. “30 CHF an hour”.' },
    },
    summary: { label: { fr: 'Résumé', en: 'Summary' }, hint: { fr: 'Une ou deux phrases.', en: 'One or two sentences.' }, widget: 'text' },
    salaryExpectation: {
      label: { fr: 'Conditions de rémunération', en: 'How pay works' },
      hint: { fr: 'Comment et quand la personne est payée.', en: 'How and when the person is paid.' },
      widget: 'text',
    },
  },
  body: body('Description du poste', 'Job description'),
};

const titledText = {
  title: { label: { fr: 'Titre', en: 'Title' } },
  text: { label: { fr: 'Texte', en: 'Text' }, widget: 'text' as const },
};

export const services: CollectionWords<'services'> = {
  label: { fr: 'Pages des services', en: 'Service pages' },
  singular: { fr: 'service', en: 'service' },
  description: {
    fr: 'Une page par service du site\u00a0: on les modifie, on n’en ajoute pas.',
    en: 'One page per service of the site: edit them, do not add any.',
  },
  preview: 'services/{{slug}}',
  fields: {
    figures: {
      label: { fr: 'Chiffres clés', en: 'Key figures' },
      hint: {
        fr: 'De 1 à 3 identifiants de chiffres de «\u00a0Informations du site\u00a0» > Chiffres clés, p.\u00a0ex. projects.',
        en: 'From 1 to 3 identifiers of figures in “Site information” > Key figures, e.g. projects.',
      },
      singular: { fr: 'chiffre', en: 'figure' },
    },
    portfolioCategory: {
      label: { fr: 'Projets montrés', en: 'Projects shown' },
      hint: {
        fr: 'Les réalisations du portfolio affichées sur la page, ou aucune.',
        en: 'The portfolio projects shown on the page, or none.',
      },
      options: {
        digital: { fr: 'Services digitaux', en: 'Digital services' },
        engineering: { fr: 'Services d’ingénierie', en: 'Engineering services' },
        translation: { fr: 'Traduction et relecture', en: 'Translation and proofreading' },
        economy: { fr: 'Conseil en économie', en: 'Economics consulting' },
        design: { fr: 'Design et marketing', en: 'Design and marketing' },
      },
    },
    tagline: {
      label: { fr: 'Accroche', en: 'Tagline' },
      hint: { fr: 'Une phrase sous le titre des offres.', en: 'One sentence under the offers’ heading.' },
      widget: 'text',
    },
    offers: {
      label: { fr: 'Offres', en: 'Offers' },
      hint: { fr: 'De 4 à 6.', en: 'From 4 to 6.' },
      singular: { fr: 'offre', en: 'offer' },
      fields: titledText,
    },
    steps: {
      label: { fr: 'Étapes', en: 'Steps' },
      hint: { fr: 'Exactement 4.', en: 'Exactly 4.' },
      singular: { fr: 'étape', en: 'step' },
      fields: titledText,
    },
  },
  body: body('Pour qui', 'Who it is for'),
};

export const privacy: CollectionWords<'privacy'> = {
  label: { fr: 'Protection des données', en: 'Privacy policy' },
  singular: { fr: 'politique', en: 'policy' },
  description: { fr: 'La politique de protection des données, une seule page.', en: 'The privacy policy, one page.' },
  preview: 'privacy',
  fields: {
    updated: {
      label: { fr: 'Mise à jour le', en: 'Updated on' },
      hint: { fr: 'Changez-la à chaque modification.', en: 'Change it with every edit.' },
    },
  },
  body: body('Texte', 'Text'),
};
