import type { z } from 'zod';
import { fileSchema } from '#content/collection-schema.ts';
import { collections } from '#content/collections.ts';
import { moneyMistake } from '#content/money.ts';
import { type FormatSpec, formatOf, readFrontMatter } from './formats.ts';

/*
 * The check before each save (Decap's preSave event): the files the editor
 * is about to write, read back and checked by the collection's schema as
 * `npm run content:check` reads and checks them (the form's own rules,
 * required fields, patterns and bounds, come first; this catches what they
 * cannot say, e.g. a picture without its description, an amount written
 * another way). What it cannot see from one entry (an image missing from
 * content/images/, a figure's id named by a service page) the pull
 * request's Content check still reports.
 */

/** A field of Decap's configuration, as much as the messages need. */
export interface ConfigField {
  name: string;
  label?: string;
  label_singular?: string;
  fields?: ConfigField[];
  field?: ConfigField;
}

/** The files of one save: each language's data of a Markdown entry, or a JSON file's data. */
export interface Save {
  collection: string;
  /** By language for a Markdown entry (`fr`, `en`); `file` for JSON. */
  files: Record<string, Record<string, unknown>>;
}

/** A zod issue's path in the form's own words: `Équipe › n° 3 › Rôle › Français`. */
function where(path: PropertyKey[], fields: ConfigField[]): string {
  const words: string[] = [];
  let here: ConfigField | undefined;
  let inside = fields;
  for (const step of path) {
    if (typeof step === 'number') {
      words.push(`n°\u00a0${step + 1}`);
      inside = here?.fields ?? (here?.field ? [here.field] : []);
      continue;
    }
    here = inside.find((f) => f.name === step);
    words.push(here?.label ?? String(step));
    inside = here?.fields ?? [];
  }
  return words.join(' › ');
}

const issuesOf = (error: z.ZodError, fields: ConfigField[], { prefix = '', lead = [] as PropertyKey[] } = {}) =>
  error.issues.map((i) => `${prefix}${where([...lead, ...i.path], fields) || '—'}\u00a0: ${i.message}`);

/**
 * What is wrong with the files a save would write, one line each (empty:
 * nothing). `fields` are the file's (a JSON list's: its one field, `items`).
 */
export function problems({ collection, files }: Save, spec: FormatSpec, fields: ConfigField[]): string[] {
  const declared = collections[collection as keyof typeof collections];
  if (!declared) return [];
  const format = formatOf(spec);
  if (spec.root !== 'markdown') {
    const written = JSON.parse(format.toFile((files.file ?? {}) as never)) as unknown;
    const parsed = fileSchema(declared).safeParse(written);
    // A JSON list's issues start at the entry's index, in `items`.
    return parsed.success ? [] : issuesOf(parsed.error, fields, { lead: spec.root === 'list' ? ['items'] : [] });
  }
  const found: string[] = [];
  for (const [locale, data] of Object.entries(files)) {
    const prefix = locale === 'en' ? 'English › ' : '';
    const read = readFrontMatter(format.toFile(data as never));
    const parsed = declared.schema.safeParse(read?.data ?? {});
    if (!parsed.success) found.push(...issuesOf(parsed.error, fields, { prefix }));
    const body = read?.body ?? '';
    if (!body.trim()) found.push(`${prefix}${where(['body'], fields)}\u00a0: is empty: every entry has its text`);
    const mistake = moneyMistake(body);
    if (mistake) found.push(`${prefix}${where(['body'], fields)}\u00a0: has an amount ${mistake.message}`);
  }
  return found;
}
