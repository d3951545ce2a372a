import { z } from 'zod';
import { IMAGE_FILE, SLUG } from './ids.ts';
import { moneyMistake } from './money.ts';
import { frenchTypography } from './typography.ts';

export { LOCALES, SERVICE_IDS, SLUG } from './ids.ts';

/**
 * What content collections are made of: the field types their schemas share,
 * and `defineCollection` with its two loaders (Astro's content collections,
 * on a smaller scale). The collections themselves are declared in
 * content/collections.ts. Nothing here runs at request time: this module
 * imports zod, which only the build (scripts/content.mjs) and `import type`
 * may reach; the Worker's constants live in content/ids.ts.
 *
 * Two kinds of files (docs/decisions/0007-content-files.md):
 * - `json(file)`: one JSON file, each text as `{ "fr": ..., "en": ... }`;
 * - `markdown(folder)`: one Markdown file per entry and language
 *   (`<id>.fr.md`, `<id>.en.md`); the front matter holds the fields, the
 *   body the text. Fields that do not depend on the language (dates,
 *   `sample`, files) are written in both files and must agree.
 */

// -------------------------------------------------------------------- fields

/**
 * A text on one or more lines. A number typed where a text goes (`title: 2024`
 * in front matter) is that text. Amounts in it are written the site's one way
 * (content/money.ts).
 */
export const text = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string()
    .trim()
    .min(1)
    .superRefine((value, ctx) => {
      const mistake = moneyMistake(value);
      if (mistake) ctx.addIssue({ code: 'custom', message: `has an amount ${mistake.message}` });
    }),
);

/**
 * A text in both languages, side by side: adding a translation is never
 * optional. The French is set in French typography (content/typography.ts),
 * so editors type ordinary spaces; the English stays as typed.
 */
export const localized = z
  .object({ fr: text, en: text })
  .strict()
  .transform(({ fr, en }) => ({ fr: frenchTypography(fr), en }));
export type Localized = z.infer<typeof localized>;

/** A list of short texts in both languages (the French set as above). */
export const localizedList = z
  .object({ fr: z.array(text), en: z.array(text) })
  .strict()
  .transform(({ fr, en }) => ({ fr: fr.map((item) => frenchTypography(item)), en }));

export const slug = z
  .string()
  .regex(SLUG, 'must be lower-case words joined by hyphens, without accents or spaces, e.g. "gala-2027" or "soiree-de-noel"');
export const isoDate = z.iso.date();

/**
 * `true` on an entry the spec does not give: written for the launch, to be
 * replaced by the association. `npm run content:check` lists them.
 */
export const sample = z.boolean().default(false);

/** Entries of a list must have unique ids: a duplicate would hide a page. */
export function uniqueBy<T>(key: (item: T) => string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `"${k}" is already the id of another entry: give each entry its own` });
      seen.add(k);
    });
  };
}

/**
 * The pixel widths (densities included) each image field is shown at: the
 * build makes those of every photo it names, never wider than the photo
 * (scripts/content.mjs finds the fields by this registry).
 */
export const imageWidths = z.registry<{ widths: readonly number[] }>();

/** Widths by use: a photo across a card or an article, a portrait beside a name, a logo. */
export const IMAGE_SIZES = {
  wide: [480, 720, 960, 1440],
  portrait: [64, 128, 192],
  logo: [160, 320],
} as const;

/** A file dropped in content/images/, by its path there, as a phone names it (e.g. `team/IMG_2041.JPG`). */
const imageFile = z
  .string()
  .regex(
    IMAGE_FILE,
    'must be the name of a file in content/images/ ending in .jpg, .jpeg, .png, .webp, .avif or .svg, e.g. "events/IMG_2041.JPG"',
  );

/** A photo (or drawing) with its alt text in both languages: what it shows, for those who cannot see it. */
export function image(widths: readonly number[]) {
  const field = z.object({ file: imageFile, alt: localized }).strict();
  imageWidths.add(field, { widths });
  return field;
}

/** A photo named by its file alone, shown beside the text that says what it is (a portrait by a name, a logo by its partner). */
export function photo(widths: readonly number[]) {
  const field = imageFile.clone();
  imageWidths.add(field, { widths });
  return field;
}

declare const translatedField: unique symbol;
/** A front-matter field marked by `translated()`. */
type Translated<T extends z.ZodType = z.ZodType> = T & { readonly [translatedField]: true };
const translatedFields = new WeakSet<z.ZodType>();

/**
 * A front-matter field each language writes its own of (a title, a summary):
 * the pages read it as `{ fr, en }`. Every other field is shared: written in
 * both files, it must agree. Wrap the whole field (`translated(text.optional())`).
 */
export function translated<T extends z.ZodType>(field: T): Translated<T> {
  const own = field.clone();
  translatedFields.add(own);
  return own as Translated<T>;
}
export const isTranslated = (field: z.ZodType) => translatedFields.has(field);

// ------------------------------------------------------------------- loaders

interface JsonLoader<Single extends boolean = boolean> {
  kind: 'json';
  /** The file's name under content/. */
  file: `${string}.json`;
  /** One object (site facts, prices) rather than a list of entries, each with its unique `id`. */
  single: Single;
  /** The fewest entries the list may have. */
  min: number;
}

interface MarkdownLoader<Single extends boolean = boolean, Id extends string = string> {
  kind: 'markdown';
  /** The folder under content/ holding `<id>.fr.md` and `<id>.en.md` per entry. */
  dir: string;
  /** Exactly one entry, read as the entry itself rather than a list of one. */
  single: Single;
  /** What a file name's `<id>` may be (lower-case words joined by hyphens unless told). */
  id: z.ZodType<Id>;
}

type Loader = JsonLoader | MarkdownLoader;

/** A JSON file under content/: a list of entries with unique ids, or with `single` one object. */
export function json<const Single extends boolean = false>(
  file: `${string}.json`,
  { single = false as Single, min = 0 }: { single?: Single; min?: number } = {},
): JsonLoader<Single> {
  return { kind: 'json', file, single, min };
}

/** A folder of Markdown entries under content/, `<id>.fr.md` and `<id>.en.md` each. */
export function markdown<const Single extends boolean = false, Id extends string = string>(
  dir: string,
  { single = false as Single, id = slug as z.ZodType<string> as z.ZodType<Id> }: { single?: Single; id?: z.ZodType<Id> } = {},
): MarkdownLoader<Single, Id> {
  return { kind: 'markdown', dir, single, id };
}

// --------------------------------------------------------------- collections

/** Where a collection's entries are, and the schema each entry (or a Markdown entry's front matter) must match. */
export interface Collection<L extends Loader = Loader, S extends z.ZodType = z.ZodType> {
  loader: L;
  schema: S;
}

/** One content collection: its files and its schema, declared together (content/collections.ts). */
export const defineCollection = <L extends Loader, S extends L extends MarkdownLoader ? z.ZodObject : z.ZodType>(
  collection: Collection<L, S>,
) => collection;

/**
 * The schema a collection's file is checked against by the build: a JSON
 * list's whole array, otherwise the entry's (one JSON object, one Markdown
 * file's front matter).
 */
export function fileSchema({ loader, schema }: Collection): z.ZodType {
  if (loader.kind === 'markdown' || loader.single) return schema;
  return z
    .array(schema)
    .min(loader.min)
    .superRefine(uniqueBy((entry) => (entry as { id: string }).id));
}

/** Each language's version side by side. */
type Bilingual<T> = { fr: T; en: T };

interface Heading {
  id: string;
  text: string;
}

/** A Markdown entry as the pages read it: its id, shared fields, each translated field in both languages, the body as HTML. */
type MarkdownEntry<S extends z.ZodObject, Id extends string> = { id: Id } & {
  [K in keyof z.output<S>]: K extends keyof S['shape'] & keyof z.output<S>
    ? S['shape'][K] extends Translated
      ? Bilingual<z.output<S>[K]>
      : z.output<S>[K]
    : never;
} & {
  /** The body, rendered to HTML at build time. */
  html: Localized;
  /** Whole minutes at 200 words a minute, at least 1. */
  readingMinutes: Bilingual<number>;
  /** The body's second-level headings, for a table of contents. */
  headings: Bilingual<Heading[]>;
};

type OneOrList<Single extends boolean, Entry> = Single extends true ? Entry : Entry[];

/** What the build makes of a collection: its entries (or its one entry), as the pages read them. */
export type CollectionData<C extends Collection> =
  C extends Collection<MarkdownLoader<infer Single, infer Id>, infer S extends z.ZodObject>
    ? OneOrList<Single, MarkdownEntry<S, Id>>
    : OneOrList<C['loader']['single'], z.output<C['schema']>>;
