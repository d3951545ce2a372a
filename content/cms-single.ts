import type { CollectionWords } from './cms-fields.ts';
import { ID, SAMPLE } from './cms-fields.ts';

/*
 * The editor's words for the two single JSON files of content/, each one
 * entry: the site's facts (site.json) and the pricer's rates (pricing.json).
 */

export const site: CollectionWords<'site'> = {
  label: { fr: 'Informations du site', en: 'Site information' },
  singular: { fr: 'informations', en: 'information' },
  description: {
    fr: 'Le nom, l’adresse, les liens et les chiffres clés de l’association, sur tout le site.',
    en: 'The association’s name, address, links and key figures, across the site.',
  },
  preview: '',
  fields: {
    name: { label: { fr: 'Nom', en: 'Name' } },
    address: { label: { fr: 'Adresse', en: 'Address' } },
    email: { label: { fr: 'E-mail', en: 'E-mail' }, hint: { fr: 'L’adresse de contact publiée.', en: 'The published contact address.' } },
    social: {
      label: { fr: 'Réseaux sociaux', en: 'Social media' },
      fields: { linkedin: { label: { fr: 'LinkedIn', en: 'LinkedIn' } }, instagram: { label: { fr: 'Instagram', en: 'Instagram' } } },
    },
    platforms: {
      label: { fr: 'Plateformes', en: 'Platforms' },
      hint: { fr: 'Les liens du menu Connexion.', en: 'The links of the Login menu.' },
      fields: {
        students: { label: { fr: 'Jobs étudiants', en: 'Student jobs' } },
        alumni: { label: { fr: 'Réseau alumni', en: 'Alumni network' } },
      },
    },
    figures: {
      label: { fr: 'Chiffres clés', en: 'Key figures' },
      singular: { fr: 'chiffre', en: 'figure' },
      summary: '{{fields.id}}',
      fields: {
        id: ID,
        value: {
          label: { fr: 'Valeur', en: 'Value' },
          hint: { fr: 'Telle qu’affichée, p.\u00a0ex. 36 ou 95\u00a0%.', en: 'As shown, e.g. 36 or 95%.' },
        },
        label: { label: { fr: 'Libellé', en: 'Label' }, hint: { fr: 'Ce que compte le chiffre.', en: 'What the figure counts.' } },
        year: {
          label: { fr: 'Année', en: 'Year' },
          hint: { fr: 'L’année décrite, s’il y en a une.', en: 'The year it describes, if any.' },
        },
      },
    },
  },
};

export const pricing: CollectionWords<'pricing'> = {
  label: { fr: 'Tarifs de traduction', en: 'Translation prices' },
  singular: { fr: 'tarifs', en: 'prices' },
  description: {
    fr: 'Les tarifs du calculateur de la page Traduction et relecture.',
    en: 'The rates of the price calculator on the Translation and proofreading page.',
  },
  preview: 'services/translation',
  fields: {
    sample: SAMPLE,
    currency: { label: { fr: 'Monnaie', en: 'Currency' } },
    perWord: {
      label: { fr: 'Prix par mot', en: 'Price per word' },
      hint: {
        fr: 'En CHF, par mot du texte source et par langue cible.',
        en: 'In CHF, per word of the source text and per target language.',
      },
      fields: {
        translation_proofreading: { label: { fr: 'Traduction et relecture', en: 'Translation and proofreading' }, step: 0.01 },
        proofreading: { label: { fr: 'Relecture', en: 'Proofreading' }, step: 0.01 },
      },
    },
    minimumPerLanguage: {
      label: { fr: 'Minimum par langue', en: 'Minimum per language' },
      hint: { fr: 'En CHF\u00a0; 0 pour aucun minimum.', en: 'In CHF; 0 for no minimum.' },
      step: 1,
    },
    rounding: {
      label: { fr: 'Arrondi', en: 'Rounding' },
      hint: { fr: 'En CHF\u00a0: 0.05 arrondit aux 5 centimes.', en: 'In CHF: 0.05 rounds to 5 centimes.' },
    },
    quotedOnRequest: {
      label: { fr: 'Langues sur devis', en: 'Languages quoted on request' },
      hint: { fr: 'Les langues cibles que le calculateur ne chiffre pas.', en: 'The target languages the calculator does not price.' },
      options: {
        fr: { fr: 'Français', en: 'French' },
        en: { fr: 'Anglais', en: 'English' },
        de: { fr: 'Allemand', en: 'German' },
        it: { fr: 'Italien', en: 'Italian' },
        other: { fr: 'Autre langue', en: 'Other language' },
      },
    },
  },
};
