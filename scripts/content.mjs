// Reads content/ (JSON lists, Markdown with front matter, images), validates
// each collection of content/collections.ts against its schema, and returns
// what the site shows: the data of dist/content.json, each collection under
// its name, plus the list of sample entries. Used by scripts/build.mjs (which
// writes the result) and by scripts/content-check.mjs (`npm run
// content:check`). Nothing here runs in the Worker: Markdown becomes HTML
// (content-markdown.mjs) and images become AVIF/WebP (content-images.mjs) at
// build time.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
// Node runs the TypeScript modules as they are (type stripping).
import { collections } from '../content/collections.ts';
import { fileSchema, isTranslated, LOCALES, SERVICE_IDS, slug } from '../content/schema.ts';
import { frenchTypographyDeep } from '../content/typography.ts';
import { buildImages } from './content-images.mjs';
import { renderMarkdown, splitFrontMatter } from './content-markdown.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Everything wrong with the content, one line each: file, field, reason. */
export class ContentError extends Error {
  constructor(problems) {
    super(`content/ has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** `[2].title.en` from a zod issue path. */
const fieldPath = (p) =>
  p
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
    .join('')
    .replace(/^\./, '') || '(file)';
const zodProblems = (file, error) => error.issues.map((i) => `${file}: ${fieldPath(i.path)}: ${i.message}`);

/**
 * Loads and validates content/ (or `dir`, for tests). With `out`, writes the
 * built images under `out/assets/content/` and the job PDFs under `out/jobs/`.
 * Throws a ContentError listing every problem found; returns the content,
 * the sample entries and the warnings (one line each).
 */
export async function loadContent({ dir = path.join(root, 'content'), out = null } = {}) {
  const problems = [];
  /** What is worth saying but does not stop the build (a picture no entry uses). */
  const warnings = [];
  const samples = [];
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  /** A file of this content folder, as problems name it (`content/site.json`). */
  const at = (...parts) => rel(path.join(dir, ...parts));
  const context = { dir, problems, samples, rel };
  /** Each collection's data, under its name; missing when its files are broken. */
  const data = {};
  /** Each Markdown collection's entry ids, valid or not (a broken entry is not "missing"). */
  const entryIds = {};

  for (const [name, collection] of Object.entries(collections)) {
    const loaded = collection.loader.kind === 'json' ? await loadJson(name, collection, context) : await loadMarkdown(collection, context);
    if (!loaded) continue;
    if (loaded.ids) entryIds[name] = loaded.ids;
    if (!collection.loader.single) data[name] = loaded.entries;
    else if (loaded.entries.length === 1) data[name] = loaded.entries[0];
    else problems.push(`${at(collection.loader.dir)}/: holds exactly one entry (<id>.fr.md and <id>.en.md)`);
  }

  // Cross-references: what one file names must exist elsewhere.
  if (data.services) {
    const have = entryIds.services ?? [];
    for (const id of SERVICE_IDS)
      if (!have.includes(id))
        problems.push(`${at('services', `${id}.fr.md`)}: is missing (one page per service: ${SERVICE_IDS.join(', ')})`);
    const figures = new Set(data.site?.figures.map((f) => f.id) ?? []);
    for (const s of data.services) {
      for (const f of s.figures)
        if (!figures.has(f)) problems.push(`${at('services', `${s.id}.fr.md`)}: figures: "${f}" is not a figure id of ${at('site.json')}`);
    }
    data.services.sort((a, b) => SERVICE_IDS.indexOf(a.id) - SERVICE_IDS.indexOf(b.id));
  }
  for (const job of data.jobs ?? []) {
    for (const pdf of job.attachments) {
      if (!existsSync(path.join(dir, 'jobs', pdf)))
        problems.push(`${at('jobs', `${job.id}.fr.md`)}: attachments: ${at('jobs', pdf)} does not exist`);
    }
    if (job.validThrough < job.published) problems.push(`${at('jobs', `${job.id}.fr.md`)}: validThrough: is before published`);
  }

  // Images: each one an entry names is built at the widths its pages use.
  const widths = [480, 960, 1440];
  const requests = [
    ...(data.galleries ?? []).map((g) => ({ file: g.image.file, widths, from: at('galleries.json') })),
    ...(data.portfolio ?? []).flatMap((p) => (p.image ? [{ file: p.image.file, widths, from: at('portfolio.json') }] : [])),
    ...(data.activities ?? []).flatMap((a) => (a.image ? [{ file: a.image.file, widths, from: at('activities.json') }] : [])),
    ...(data.news ?? []).flatMap((a) => (a.image ? [{ file: a.image.file, widths, from: at('news', `${a.id}.fr.md`) }] : [])),
  ];
  const images = await buildImages({ folder: path.join(dir, 'images'), out, requests, problems, warnings, rel });

  if (problems.length) throw new ContentError(problems);

  if (out) {
    await mkdir(path.join(out, 'jobs'), { recursive: true });
    for (const job of data.jobs)
      for (const pdf of job.attachments) await copyFile(path.join(dir, 'jobs', pdf), path.join(out, 'jobs', pdf));
  }
  for (const job of data.jobs) job.attachments = job.attachments.map((pdf) => `/jobs/${pdf}`);

  // Content (content/collections.ts): every collection under its name, and the images.
  const content = { ...Object.fromEntries(Object.keys(collections).map((name) => [name, data[name]])), images };
  return { content, samples, warnings };
}

/** A JSON collection: its list of entries (or its one object), or nothing when the file is broken. */
async function loadJson(name, collection, { dir, problems, samples, rel }) {
  const file = path.join(dir, collection.loader.file);
  let raw;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    problems.push(`${rel(file)}: ${e.code === 'ENOENT' ? 'is missing' : `is not valid JSON (${e.message})`}`);
    return null;
  }
  const parsed = fileSchema(collection).safeParse(raw);
  if (!parsed.success) {
    problems.push(...zodProblems(rel(file), parsed.error));
    return null;
  }
  if (collection.loader.single) {
    // A whole file written for the launch (pricing.json: prices nobody has confirmed yet), by its collection's name.
    if (parsed.data.sample) samples.push({ file: rel(file), id: name });
    return { entries: [parsed.data] };
  }
  for (const entry of parsed.data) if (entry.sample) samples.push({ file: rel(file), id: entry.id });
  return { entries: parsed.data };
}

/**
 * A Markdown collection, `<id>.fr.md` and `<id>.en.md` per entry: its valid
 * entries and every entry id found, or nothing when the folder is missing.
 */
async function loadMarkdown(collection, { dir, problems, samples, rel }) {
  const { loader, schema } = collection;
  const folder = path.join(dir, loader.dir);
  let names;
  try {
    names = (await readdir(folder)).filter((f) => f.endsWith('.md')).sort();
  } catch {
    problems.push(`${rel(folder)}/: is missing`);
    return null;
  }
  const byId = new Map();
  for (const f of names) {
    const m = f.match(/^(.+)\.([a-z]+)\.md$/);
    if (!m || !LOCALES.includes(m[2]) || !slug.safeParse(m[1]).success) {
      problems.push(`${rel(path.join(folder, f))}: name must be <id>.fr.md or <id>.en.md (lower-case words joined by hyphens)`);
      continue;
    }
    if (!byId.has(m[1])) byId.set(m[1], {});
    byId.get(m[1])[m[2]] = path.join(folder, f);
  }
  const entries = [];
  for (const [id, files] of byId) {
    const named = loader.id.safeParse(id);
    if (!named.success) {
      problems.push(...named.error.issues.map((i) => `${rel(files.fr ?? files.en)}: ${i.message}`));
      continue;
    }
    const versions = {};
    for (const locale of LOCALES) {
      const file = files[locale];
      if (!file) {
        problems.push(`${rel(path.join(folder, `${id}.${locale}.md`))}: is missing (every entry needs both .fr.md and .en.md)`);
        continue;
      }
      let split;
      try {
        split = splitFrontMatter(await readFile(file, 'utf8'));
      } catch (e) {
        problems.push(`${rel(file)}: front matter is not valid YAML (${e.message.split('\n')[0]})`);
        continue;
      }
      if (!split) {
        problems.push(`${rel(file)}: must start with front matter between two "---" lines`);
        continue;
      }
      const parsed = schema.safeParse(split.data);
      if (!parsed.success) {
        problems.push(...zodProblems(rel(file), parsed.error));
        continue;
      }
      if (!split.body.trim()) {
        problems.push(`${rel(file)}: body: the text after the front matter is empty`);
        continue;
      }
      versions[locale] = { file, fields: parsed.data, ...renderMarkdown(split.body, locale) };
    }
    if (!versions.fr || !versions.en) continue;
    const entry = { id: named.data };
    for (const [key, field] of Object.entries(schema.shape)) {
      const [fr, en] = [versions.fr.fields[key], versions.en.fields[key]];
      if (isTranslated(field)) {
        // French typography on the French file's own texts (the shared fields are dates, files, ids).
        entry[key] = { fr: frenchTypographyDeep(fr), en };
        continue;
      }
      if (JSON.stringify(fr) !== JSON.stringify(en)) {
        problems.push(
          `${rel(versions.en.file)}: ${key}: differs from ${path.basename(versions.fr.file)} (${JSON.stringify(en)} vs ${JSON.stringify(fr)}); fields that do not depend on the language must agree`,
        );
      }
      entry[key] = fr;
    }
    entry.html = { fr: versions.fr.html, en: versions.en.html };
    entry.readingMinutes = { fr: versions.fr.readingMinutes, en: versions.en.readingMinutes };
    entry.headings = { fr: versions.fr.headings, en: versions.en.headings };
    if (entry.sample) samples.push({ file: `${rel(folder)}/${id}.{fr,en}.md`, id });
    entries.push(entry);
  }
  return { entries, ids: [...byId.keys()] };
}

/** Samples, one line each, for the terminal. */
export function formatSamples(samples) {
  if (samples.length === 0) return 'No sample entries left: every entry is the association’s own.';
  return [
    `${samples.length} sample entr${samples.length === 1 ? 'y is' : 'ies are'} still in place (written for the launch; replace or delete them, see README "Content"):`,
    ...samples.map((s) => `  - ${s.file}  ${s.id}`),
  ].join('\n');
}
