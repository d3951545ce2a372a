import type { z } from 'zod';
import type { collections } from './collections.ts';

/*
 * What the editor at /cms (Decap CMS) says about each field of the
 * collections: the words only, typed against the schemas of
 * content/collections.ts so that `tsc` fails when a field has no words or a
 * word names no field. Everything a schema already says (required or not,
 * patterns, bounds, lists, choices, which Markdown fields are translated) is
 * read from the schema by scripts/cms-config.mjs, never restated here.
 *
 * The editor speaks French (Decap's `locale: fr`): a field shows its French
 * label, and under it its French hint, then the English label and hint in
 * italics, for the editors who read English better.
 */

/** A text in the editor's two languages. */
export interface Words {
  fr: string;
  en: string;
}

type Collections = typeof collections;
type CollectionName = keyof Collections;

/** A field's schema without what only makes it optional, defaulted or nullable. */
type Unwrapped<T> =
  T extends z.ZodOptional<infer I>
    ? Unwrapped<I>
    : T extends z.ZodDefault<infer I>
      ? Unwrapped<I>
      : T extends z.ZodNullable<infer I>
        ? Unwrapped<I>
        : T;

/** The object a field is made of (itself, its list's items, a union's object): its own fields need words too. */
type ShapeOf<T> =
  Unwrapped<T> extends z.ZodObject<infer S>
    ? S
    : Unwrapped<T> extends z.ZodArray<infer E>
      ? ShapeOf<E>
      : Unwrapped<T> extends z.ZodUnion<infer O>
        ? ShapeOf<Extract<O[number], z.ZodObject>>
        : never;

/** The values a choice offers (an enum, or a list of them): each needs its words. */
type Choices<T> = Unwrapped<T> extends z.ZodEnum<infer E> ? E[keyof E] : Unwrapped<T> extends z.ZodArray<infer E> ? Choices<E> : never;

export interface FieldWords {
  label: Words;
  /** What to type, in plain words: shown under the field. */
  hint?: Words;
  /**
   * Only where the schema cannot tell: `text` for a text of several lines
   * (a box instead of a line), `file` for a list of PDFs beside a job offer.
   */
  widget?: 'text' | 'file';
  /**
   * Where uploads go. An image (or photo) field: its folder under
   * content/images/, the value being the path there (`team/zoe.jpg`). A
   * `file` field: its folder under content/, the value being the bare name.
   */
  folder?: string;
  /** The message when a value breaks the field's pattern, where content/cms-words.ts's `MISMATCH` has none for it. */
  mismatch?: Words;
  /** A list's one item, for its "Add" button (`Ajouter rôle`). */
  singular?: Words;
  /** What a closed item of a list shows, as Decap's template (`{{fields.id}}`). */
  summary?: string;
  /** The value a new entry starts with, where the schema gives none (`{{now}}`: today). */
  default?: string;
  /** The step of a number's arrows. */
  step?: number;
}

/** The words of one field: of its own fields too when it is made of an object, of each choice when it is one. */
type Field<T> = FieldWords &
  ([ShapeOf<T>] extends [never] ? { fields?: never } : { fields: Fields<ShapeOf<T>> }) &
  ([Choices<T>] extends [never] ? { options?: never } : { options: Record<Choices<T> & PropertyKey, Words> });

/** Words for every field of a schema's object, no more, no fewer. */
type Fields<Shape> = { [K in keyof Shape]-?: Field<Shape[K]> };

type SchemaShape<N extends CollectionName> = Collections[N]['schema'] extends z.ZodObject<infer S> ? S : never;
type IsMarkdown<N extends CollectionName> = Collections[N]['loader'] extends { kind: 'markdown' } ? true : false;

/** What the editor says about a collection, and where its preview shows it. */
export type CollectionWords<N extends CollectionName> = {
  /** Its name in the editor's menu. */
  label: Words;
  /** One entry (`Créer actualité`). */
  singular: Words;
  /** A sentence at the top of the collection: what it is for, and where the site shows it. */
  description: Words;
  /**
   * The French page that shows it, from the site's root (client/pages/*.tsx),
   * for the preview's link: `news/{{slug}}`, or `team`.
   */
  preview: string;
  fields: Fields<SchemaShape<N>>;
} & (IsMarkdown<N> extends true
  ? {
      /** The text under the fields (the Markdown body). */
      body: FieldWords;
    }
  : {
      /** What an entry of the list shows while closed (Decap's template), `{{fields.id}}` when unsaid. */
      summary?: string;
    });

/** Every collection's words, in the order of the editor's menu. */
export type CmsWords = { [N in CollectionName]: CollectionWords<N> };

/** The messages of the patterns the schemas share, by what the value is. */
export const MISMATCH = {
  slug: {
    fr: 'des mots en minuscules reliés par des traits d’union, sans accents ni espaces, p.\u00a0ex. gala-2027',
    en: 'lower-case words joined by hyphens, without accents or spaces, e.g. gala-2027',
  },
  https: {
    fr: 'une adresse complète qui commence par https://',
    en: 'a full address starting with https://',
  },
  email: { fr: 'une adresse e-mail, p.\u00a0ex. contact@exemple.ch', en: 'an e-mail address, e.g. contact@example.ch' },
  date: { fr: 'une date du calendrier', en: 'a date of the calendar' },
  image: {
    fr: 'une image JPEG, PNG, WebP, AVIF ou SVG de content/images/',
    en: 'a JPEG, PNG, WebP, AVIF or SVG image of content/images/',
  },
} satisfies Record<string, Words>;

/** The two languages of a `{ fr, en }` text, each named in its own language. */
export const LANGUAGES: Record<'fr' | 'en', Words> = {
  fr: { fr: 'Français', en: 'Français' },
  en: { fr: 'English', en: 'English' },
};

/** The words of `image()`'s file and alt text, the same for every picture. */
const PICTURE_PARTS = {
  file: {
    label: { fr: 'Image', en: 'Image' },
    hint: {
      fr: 'Une photo telle qu’elle sort du téléphone convient\u00a0: le site la redimensionne.',
      en: 'A photo straight from a phone is fine: the site resizes it.',
    },
  },
  alt: {
    label: { fr: 'Description de l’image', en: 'Image description' },
    hint: {
      fr: 'Ce que l’image montre, en une phrase, pour les personnes qui ne la voient pas.',
      en: 'What the image shows, in one sentence, for people who cannot see it.',
    },
  },
};

/** An `image()` field (a picture and its description), its uploads in content/images/<folder>/. */
export function picture(folder: string, label: Words, hint?: Words) {
  return { label, ...(hint ? { hint } : {}), folder, fields: PICTURE_PARTS };
}

/** An entry's `sample` mark, the same everywhere. */
export const SAMPLE = {
  label: { fr: 'Exemple à remplacer', en: 'Sample to replace' },
  hint: {
    fr: 'Coché\u00a0: un texte écrit pour le lancement, que l’association doit remplacer. Décochez-le quand le contenu est le vôtre.',
    en: 'Ticked: a text written for the launch, for the association to replace. Untick it once the content is your own.',
  },
} satisfies FieldWords;

/** An entry's `id`, the same everywhere. */
export const ID = {
  label: { fr: 'Identifiant', en: 'Identifier' },
  hint: {
    fr: 'Un nom court et unique, jamais affiché, p.\u00a0ex. gala-2027. Ne le changez plus une fois publié.',
    en: 'A short, unique name, never shown, e.g. gala-2027. Do not change it once published.',
  },
} satisfies FieldWords;
