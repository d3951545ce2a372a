// Reads content/ (JSON lists, Markdown with front matter, images), validates
// each collection of content/collections.ts against its schema, and returns
// what the site shows: the data of dist/content.json, each collection under
// its name, plus the sample entries still in place and the warnings. Used by
// scripts/build.mjs (which writes the result) and scripts/content-check.mjs
// (`npm run content:check`). Each file is read by scripts/content-load.mjs;
// Markdown becomes HTML (content-markdown.mjs) and images AVIF/WebP
// (content-images.mjs) at build time; every mistake is a Problem with its
// file, line, field and fix (content-problems.mjs). Nothing here runs in
// the Worker.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { imageWidths, isTranslated, SERVICE_IDS } from '../content/collection-schema.ts';
import { collections } from '../content/collections.ts';
import { buildImages } from './content-images.mjs';
import { loadJson, loadMarkdown } from './content-load.mjs';
import { fieldName, Problem } from './content-problems.mjs';
import { uncoveredCharacters } from './make-font.mjs';

export { Problem };

const root = path.resolve(import.meta.dirname, '..');

/** Everything wrong with the content, one Problem each (file, line, field, what to do). */
export class ContentError extends Error {
  constructor(problems) {
    super(`content/ has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * Loads and validates content/ (or `dir`, for tests). With `out`, writes the
 * built images under `out/assets/content/` and the job PDFs under `out/jobs/`.
 * Throws a ContentError listing every problem found; returns the content,
 * the sample entries and the warnings (what is not wrong but likely unmeant).
 */
export async function loadContent({ dir = path.join(root, 'content'), out = null } = {}) {
  const problems = [];
  const warnings = [];
  const samples = [];
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  /** A file of this content folder, as problems name it (`content/site.json`). */
  const at = (...parts) => rel(path.join(dir, ...parts));
  const context = { dir, problems, samples, rel };
  /** Each collection's data, under its name; missing when its files are broken. */
  const data = {};
  /** Each collection's files and lines: where a later problem (a missing image) is reported. */
  const sources = {};

  for (const [name, collection] of Object.entries(collections)) {
    const loaded = collection.loader.kind === 'json' ? await loadJson(name, collection, context) : await loadMarkdown(collection, context);
    if (!loaded) continue;
    sources[name] = loaded;
    if (!collection.loader.single) data[name] = loaded.entries;
    else if (loaded.entries.length === 1) data[name] = loaded.entries[0];
    else
      problems.push(
        new Problem({ file: `${at(collection.loader.dir)}/`, message: 'holds exactly one entry: <id>.fr.md and <id>.en.md, no more' }),
      );
  }
  await strayFiles(dir, problems, warnings, at);
  crossReferences(data, sources, problems, dir, at);

  // Images: each one an entry names, at the widths its field declares (content/collection-schema.ts, image()),
  // with where it is named (a missing file is reported on that line).
  const images = await buildImages({
    folder: path.join(dir, 'images'),
    out,
    requests: imageRequests(data, sources),
    problems,
    warnings,
    rel,
  });

  // Characters the site's font lacks: shown in the visitor's own font, which is legible but not the site's.
  const uncovered = uncoveredCharacters(JSON.stringify(data));
  if (uncovered.length > 0)
    warnings.push(
      `content: ${uncovered.join(' ')} ${uncovered.length === 1 ? 'is' : 'are'} not in the site's font (it covers the Latin alphabets of Europe and Vietnamese): ${uncovered.length === 1 ? 'it shows' : 'they show'} in the visitor's own font`,
    );

  if (problems.length) throw new ContentError(problems);

  if (out) {
    await mkdir(path.join(out, 'jobs'), { recursive: true });
    for (const job of data.jobs)
      for (const pdf of job.attachments) await copyFile(path.join(dir, 'jobs', pdf), path.join(out, 'jobs', pdf));
  }
  for (const job of data.jobs) job.attachments = job.attachments.map((pdf) => `/jobs/${pdf}`);

  // Content (content/collections.ts): every collection under its name, and the images.
  const content = { ...Object.fromEntries(Object.keys(collections).map((name) => [name, data[name]])), images };
  return { content, samples, warnings: warnings.map(String) };
}

/** Where an entry's field is written: its file and line (for a JSON list, the entry's place in it). */
function whereIs(sources, name, entry, index, pathInEntry) {
  const source = sources[name];
  const own = source?.where?.get(entry);
  if (own) return { file: own.file, line: own.locate(pathInEntry), field: fieldName(pathInEntry, entry) || undefined };
  const full = index === null ? pathInEntry : [index, ...pathInEntry];
  return { file: source.file, line: source.locate?.(full), field: fieldName(full, index === null ? entry : source.entries) || undefined };
}

/** What one file names must exist elsewhere: services and their figures, job PDFs, dates in order, people once per role. */
function crossReferences(data, sources, problems, dir, at) {
  if (data.services && data.site) {
    const have = sources.services.ids ?? [];
    for (const id of SERVICE_IDS)
      if (!have.includes(id))
        problems.push(
          new Problem({
            file: at('services', `${id}.fr.md`),
            message: `is missing: the site has one page per service (${SERVICE_IDS.join(', ')}), each in both languages`,
          }),
        );
    const figures = new Set(data.site.figures.map((f) => f.id));
    for (const s of data.services)
      for (const [i, f] of s.figures.entries())
        if (!figures.has(f))
          problems.push(
            new Problem({
              ...whereIs(sources, 'services', s, null, ['figures', i]),
              message: `"${f}" is not the id of a figure in ${at('site.json')} (${[...figures].join(', ')})`,
            }),
          );
    data.services.sort((a, b) => SERVICE_IDS.indexOf(a.id) - SERVICE_IDS.indexOf(b.id));
  }
  for (const job of data.jobs ?? []) {
    for (const [i, pdf] of job.attachments.entries())
      if (!existsSync(path.join(dir, 'jobs', pdf)))
        problems.push(
          new Problem({
            ...whereIs(sources, 'jobs', job, null, ['attachments', i]),
            message: `${at('jobs', pdf)} does not exist: put the PDF beside the offer's two files, or remove it from the list`,
          }),
        );
    if (job.validThrough < job.published)
      problems.push(
        new Problem({
          ...whereIs(sources, 'jobs', job, null, ['validThrough']),
          message: `${job.validThrough} is before the day the offer is published (${job.published}): the offer would never be open`,
        }),
      );
  }
  for (const [index, role] of (data.team ?? []).entries()) {
    const seen = new Set();
    for (const [i, member] of role.members.entries()) {
      if (seen.has(member.name))
        problems.push(
          new Problem({ ...whereIs(sources, 'team', role, index, ['members', i]), message: `${member.name} is listed twice in this role` }),
        );
      seen.add(member.name);
    }
  }
}

/** Files in content/ that no collection reads: a misspelt name would otherwise vanish from the site unnoticed. */
async function strayFiles(dir, problems, warnings, at) {
  const known = new Set(['images', 'README.md']);
  for (const { loader } of Object.values(collections)) known.add(loader.kind === 'json' ? loader.file : loader.dir);
  for (const name of existsSync(dir) ? await readdir(dir) : []) {
    if (known.has(name) || name.startsWith('.') || name.endsWith('.ts')) continue;
    problems.push(
      new Problem({
        file: at(name),
        message: `the site reads no file or folder of this name: rename it to the one it was meant to be (${[...known].filter((k) => k !== 'README.md').join(', ')}), or move it out of content/`,
      }),
    );
  }
  const jobs = path.join(dir, 'jobs');
  for (const name of existsSync(jobs) ? await readdir(jobs) : [])
    if (!name.endsWith('.md') && !name.endsWith('.pdf') && !name.startsWith('.'))
      warnings.push(`${at('jobs', name)}: not a job offer (.md) or its PDF: the site does not publish it`);
}

/** Every image an entry names, with the widths its field declares, and where it is named (for messages). */
function imageRequests(data, sources) {
  const requests = [];
  for (const [name, collection] of Object.entries(collections)) {
    const value = data[name];
    if (value === undefined) continue;
    const list = collection.loader.single ? [value] : value;
    list.forEach((entry, index) => {
      walk(collection.schema, entry, [], (image, widths, at) => {
        const where = whereIs(sources, name, entry, collection.loader.single ? null : index, at);
        requests.push({ file: image, widths, from: where.file, where });
      });
    });
  }
  return requests;
}

/**
 * Visits each image field of `value` (with its path in the entry), following
 * the schema's shape: objects, lists, optional fields, unions.
 */
function walk(schema, value, at, visit) {
  if (value === undefined || value === null) return;
  const declared = imageWidths.get(schema);
  if (declared) {
    if (typeof value === 'string') visit(value, declared.widths, at);
    else if (typeof value.file === 'string') visit(value.file, declared.widths, [...at, 'file']);
    return;
  }
  const def = schema._zod.def;
  if (def.type === 'object' && typeof value === 'object') {
    for (const [key, field] of Object.entries(def.shape)) {
      // A Markdown entry's translated field holds { fr, en }: each language's value has the field's shape.
      if (isTranslated(field) && value[key] && typeof value[key] === 'object' && 'fr' in value[key])
        for (const v of Object.values(value[key])) walk(field, v, [...at, key], visit);
      else walk(field, value[key], [...at, key], visit);
    }
  } else if (def.type === 'array' && Array.isArray(value)) {
    for (const [i, v] of value.entries()) walk(def.element, v, [...at, i], visit);
  } else if (def.type === 'pipe') walk(def.in, value, at, visit);
  else if (def.type === 'union') for (const option of def.options) walk(option, value, at, visit);
  else if (def.innerType) walk(def.innerType, value, at, visit);
}

/** Samples, one line each, for the terminal. */
export function formatSamples(samples) {
  if (samples.length === 0) return 'No sample entries left: every entry is the association’s own.';
  return [
    `${samples.length} sample entr${samples.length === 1 ? 'y is' : 'ies are'} still in place (written for the launch; replace or delete them, see docs/content.md, "Samples"):`,
    ...samples.map((s) => `  - ${s.file}  ${s.id}`),
  ].join('\n');
}
