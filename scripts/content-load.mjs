// Reading one content collection from its files: a JSON file, or a folder of
// Markdown entries (`<id>.fr.md`, `<id>.en.md`), checked against the
// collection's schema. Every mistake becomes a Problem (scripts/
// content-problems.mjs) with its file, line and field. Used by
// scripts/content.mjs.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileSchema, isTranslated, LOCALES, slug } from '../content/collection-schema.ts';
import { moneyMistake } from '../content/money.ts';
import { frenchTypographyDeep } from '../content/typography.ts';
import { renderMarkdown, splitFrontMatter } from './content-markdown.mjs';
import { jsonSyntaxProblem, locator, Problem, yamlProblem, zodProblems } from './content-problems.mjs';

/**
 * A file's text as the build reads it: without a byte-order mark, and with
 * every accented letter in its composed form (a name typed on a Mac may
 * arrive as "e" + an accent: the site's font draws the composed letter).
 */
export const readText = async (file) => (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').normalize('NFC');

/** A JSON collection: its list of entries (or its one object), or null when the file is broken. */
export async function loadJson(name, collection, { dir, problems, samples, rel }) {
  const file = path.join(dir, collection.loader.file);
  const at = rel(file);
  if (!existsSync(file)) {
    // A list may be empty: no file is the same as [] (a single object is required).
    if (!collection.loader.single && collection.loader.min === 0) return { entries: [] };
    problems.push(
      new Problem({
        file: at,
        message: `is missing: the site needs this file (${collection.loader.single ? 'one object, { … }' : 'a list, [ … ]'})`,
      }),
    );
    return null;
  }
  const text = await readText(file);
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    problems.push(jsonSyntaxProblem(at, text, e));
    return null;
  }
  const locate = locator(text);
  const parsed = fileSchema(collection).safeParse(raw);
  if (!parsed.success) {
    problems.push(...zodProblems({ file: at, error: parsed.error, data: raw, locate }));
    return null;
  }
  if (collection.loader.single) {
    // A whole file written for the launch (pricing.json: prices nobody has confirmed yet), by its collection's name.
    if (parsed.data.sample) samples.push({ file: at, id: name });
    return { entries: [parsed.data], file: at, locate };
  }
  for (const entry of parsed.data) if (entry.sample) samples.push({ file: at, id: entry.id });
  return { entries: parsed.data, file: at, locate };
}

/**
 * A Markdown collection, `<id>.fr.md` and `<id>.en.md` per entry: its valid
 * entries and every entry id found (a broken entry is not "missing"). A
 * folder that is not there holds no entry (git keeps no empty folder).
 */
export async function loadMarkdown(collection, { dir, problems, samples, rel }) {
  const { loader, schema } = collection;
  const folder = path.join(dir, loader.dir);
  const byId = await filesById(folder, { problems, rel });
  const entries = [];
  const where = new Map();
  for (const [id, files] of byId) {
    const named = loader.id.safeParse(id);
    if (!named.success) {
      problems.push(...named.error.issues.map((i) => new Problem({ file: rel(files.fr ?? files.en), message: i.message })));
      continue;
    }
    const versions = {};
    for (const locale of LOCALES) {
      const version = await readVersion(files[locale], { folder, id, locale, schema, problems, rel });
      if (version) versions[locale] = version;
    }
    if (!versions.fr || !versions.en) continue;
    const entry = { id: named.data, ...mergedFields(schema, versions, { problems, rel }) };
    entry.html = { fr: versions.fr.html, en: versions.en.html };
    entry.readingMinutes = { fr: versions.fr.readingMinutes, en: versions.en.readingMinutes };
    entry.headings = { fr: versions.fr.headings, en: versions.en.headings };
    // Where each field is written in the French file, for problems found later (a missing PDF or image).
    where.set(entry, { file: rel(versions.fr.file), locate: versions.fr.locate });
    if (entry.sample) samples.push({ file: `${rel(folder)}/${id}.{fr,en}.md`, id });
    entries.push(entry);
  }
  return { entries, ids: [...byId.keys()], where };
}

/** The folder's Markdown files by entry id and language; a file named otherwise is a problem. */
async function filesById(folder, { problems, rel }) {
  const names = existsSync(folder) ? (await readdir(folder)).filter((f) => f.endsWith('.md')).sort() : [];
  const byId = new Map();
  for (const f of names) {
    const m = f.match(/^(.+)\.([a-z]+)\.md$/);
    if (!m || !LOCALES.includes(m[2]) || !slug.safeParse(m[1]).success) {
      problems.push(
        new Problem({
          file: rel(path.join(folder, f)),
          message: 'rename it <id>.fr.md or <id>.en.md, the <id> in lower-case words joined by hyphens (e.g. general-assembly-2026.fr.md)',
        }),
      );
      continue;
    }
    if (!byId.has(m[1])) byId.set(m[1], {});
    byId.get(m[1])[m[2]] = path.join(folder, f);
  }
  return byId;
}

/**
 * An entry's fields from its two files: a translated field from each, any
 * other from the French file, which the English one must repeat exactly.
 */
function mergedFields(schema, versions, { problems, rel }) {
  const fields = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const [fr, en] = [versions.fr.fields[key], versions.en.fields[key]];
    if (isTranslated(field)) {
      // French typography on the French file's own texts (the shared fields are dates, files, ids).
      fields[key] = { fr: frenchTypographyDeep(fr), en };
      continue;
    }
    if (JSON.stringify(fr) !== JSON.stringify(en)) {
      const other = path.basename(versions.fr.file);
      const scalar = (v) => ['string', 'number', 'boolean'].includes(typeof v);
      const message =
        en === undefined
          ? `is missing here but written in ${other}: it does not depend on the language, copy it here`
          : fr === undefined
            ? `is written here but not in ${other}: it does not depend on the language, copy it there`
            : scalar(en) && scalar(fr)
              ? `is ${JSON.stringify(en)} here and ${JSON.stringify(fr)} in ${other}: it does not depend on the language, write the same in both files`
              : `differs from the one in ${other}: it does not depend on the language, write the same in both files`;
      problems.push(new Problem({ file: rel(versions.en.file), line: versions.en.locate([key]), field: key, message }));
    }
    fields[key] = fr;
  }
  return fields;
}

/** One language's file of a Markdown entry: its fields, its body as HTML, and where each field is; or null, with problems. */
async function readVersion(file, { folder, id, locale, schema, problems, rel }) {
  if (!file) {
    const other = LOCALES.find((l) => l !== locale);
    problems.push(
      new Problem({
        file: rel(path.join(folder, `${id}.${locale}.md`)),
        message: `is missing: every entry is written in both languages (${id}.${other}.md has no ${locale === 'fr' ? 'French' : 'English'} version)`,
      }),
    );
    return null;
  }
  const at = rel(file);
  let split;
  try {
    split = splitFrontMatter(await readText(file));
  } catch (e) {
    problems.push(yamlProblem(at, e, 2));
    return null;
  }
  if (!split) {
    problems.push(
      new Problem({ file: at, line: 1, message: 'must start with its fields between two lines of three dashes (---), then the text' }),
    );
    return null;
  }
  const locate = locator(split.yaml, split.firstLine);
  const parsed = schema.safeParse(split.data);
  if (!parsed.success) {
    problems.push(...zodProblems({ file: at, error: parsed.error, data: split.data, locate }));
    return null;
  }
  if (!split.body.trim()) {
    problems.push(new Problem({ file: at, message: 'has no text after its fields: write the body under the second --- line' }));
    return null;
  }
  const mistake = moneyMistake(split.body);
  if (mistake) {
    // The body starts after the front matter and its two --- lines.
    const line = split.firstLine + split.yaml.split('\n').length + split.body.slice(0, mistake.index).split('\n').length;
    problems.push(new Problem({ file: at, line, message: `has an amount ${mistake.message}` }));
    return null;
  }
  return { file, fields: parsed.data, locate, ...renderMarkdown(split.body, locale) };
}
