// The configuration of the editor at /cms (Decap CMS), made from the
// collections' schemas (content/collections.ts) and their words
// (content/cms-words.ts): each field declared once, the editor's rules those of
// `npm run content:check`. scripts/build-cms.mjs bundles it into the editor
// (client/cms/main.ts), which adds what only the page knows (its origin).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cms } from '../content/cms-words.ts';
import { isTranslated } from '../content/collection-schema.ts';
import { collections } from '../content/collections.ts';
import { fieldOf, labelled, unwrap } from './cms-field-config.mjs';
import { PREVIEW_STATUS_CONTEXT } from './preview-github.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A collection's sentence: French, then English. */
const both = (words) => `${words.fr} / ${words.en}`;

/**
 * `owner/name` of the repository the editor saves to: package.json's
 * `repository` (`github:owner/name` or its GitHub address), declared there once.
 */
export function repositoryOf(pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))) {
  const given = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const m = given?.match(/^(?:github:|(?:git\+)?https:\/\/github\.com\/)([\w.-]+\/[\w.-]+?)(?:\.git)?$/);
  if (!m)
    throw new Error(
      'package.json: `repository` must name the GitHub repository, e.g. "github:owner/name" (the editor at /cms saves there)',
    );
  return m[1];
}

/** Whether `repo` is still package.json's placeholder (`your-organisation/…`), not the association's repository. */
export const isPlaceholderRepository = (repo) => /^your-/.test(repo);

/** The Markdown collections: one file per entry and language, shared fields copied into the English file. */
function markdownCollection(name, { loader, schema }, words, formats) {
  formats[`md-${name}`] = { root: 'markdown', keys: keysOf(schema), texts: [] };
  const fixed = loader.single || unwrap(loader.id).schema._zod.def.type === 'enum';
  const shape = schema._zod.def.shape;
  const fields = Object.entries(shape).map(([key, field]) =>
    fieldOf(key, field, words.fields[key], { at: `${name}.${key}`, i18n: isTranslated(field) ? true : 'duplicate' }),
  );
  const body = { name: 'body', ...labelled(words.body), widget: 'markdown', required: true, i18n: true, ...MARKDOWN };
  return {
    name,
    label: words.label.fr,
    label_singular: words.singular.fr,
    description: both(words.description),
    folder: `content/${loader.dir}`,
    extension: 'md',
    format: `md-${name}`,
    i18n: true,
    create: !fixed,
    // Decap deletes a published entry straight on main: removing one goes through GitHub (docs/content.md).
    delete: false,
    slug: '{{slug}}',
    // Decap names an entry by its title; without one (a service's page, the policy), by its first translated text or first field.
    identifier_field: 'title' in shape ? 'title' : (Object.keys(shape).find((k) => isTranslated(shape[k])) ?? Object.keys(shape)[0]),
    summary: 'title' in shape ? '{{title}}' : '{{slug}}',
    preview_path: words.preview,
    fields: [...fields, body],
  };
}

/** What the site's Markdown shows: no images or code blocks in a body, headings from level 2 (the page's title is the 1). */
const MARKDOWN = {
  buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'quote', 'bulleted-list', 'numbered-list'],
  editor_components: [],
};

/**
 * The JSON files: each its own collection of one file (a format is a
 * collection's), a list's entries under `items` (Decap edits no list at a
 * file's root: the `json-list` formats wrap and unwrap it).
 */
function jsonCollection(name, { loader, schema }, words, formats) {
  const format = `${loader.single ? 'json-object' : 'json-list'}-${name}`;
  formats[format] = { root: loader.single ? 'object' : 'list', keys: keysOf(schema), texts: textsOf(name, schema) };
  const fields = Object.entries(schema._zod.def.shape).map(([key, field]) =>
    fieldOf(key, field, words.fields[key], { at: `${name}.${key}` }),
  );
  const items = {
    name: 'items',
    label: words.label.fr,
    label_singular: words.singular.fr,
    widget: 'list',
    collapsed: true,
    summary: words.summary ?? '{{fields.id}}',
    required: loader.min > 0,
    ...(loader.min > 0 ? { min: loader.min } : {}),
    fields,
  };
  return {
    name,
    label: words.label.fr,
    description: both(words.description),
    format,
    extension: 'json',
    files: [
      {
        name,
        label: words.label.fr,
        file: `content/${loader.file}`,
        preview_path: words.preview,
        fields: loader.single ? fields : [items],
      },
    ],
  };
}

/** The keys of a schema's objects in its order (client/cms/formats.ts writes them so). */
function keysOf(field) {
  const { schema } = unwrap(field);
  const def = schema._zod.def;
  if (def.type === 'object') return Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, keysOf(v)]));
  if (def.type === 'array') return keysOf(def.element);
  if (def.type === 'union') return keysOf(def.options.find((o) => unwrap(o).schema._zod.def.type === 'object') ?? def.options[0]);
  return null;
}

/**
 * The fields of a JSON entry that may be a text or an object (team's
 * members: `"Zoë"` or `{ "name": "Zoë", "photo": … }`): the editor reads the
 * text as the object the schema makes of it, which it edits, and writes an
 * object left with that key alone as the text again.
 */
function textsOf(name, schema) {
  const texts = [];
  for (const [key, field] of Object.entries(schema._zod.def.shape)) {
    const { schema: inner } = unwrap(field);
    const list = inner._zod.def.type === 'array' ? unwrap(inner._zod.def.element).schema : null;
    const union = list?._zod.def.type === 'union' ? list : inner._zod.def.type === 'union' ? inner : null;
    if (!union) continue;
    // What the schema makes of a text there (`{ name: text }`): the key the text fills.
    const text = union._zod.def.options.find((o) => unwrap(o).schema._zod.def.type !== 'object');
    const made = text?.safeParse('text');
    const into = made?.success ? Object.keys(made.data).find((k) => made.data[k] === 'text') : undefined;
    if (!into) throw new Error(`scripts/cms-config.mjs: ${name}.${key} is a union the editor cannot read as one object`);
    texts.push({ path: list ? [key, '*'] : [key], into });
  }
  return texts;
}

/**
 * Decap's configuration, and the formats its files are read and written
 * with (client/cms/formats.ts makes them): everything but `backend.base_url`
 * and `site_url`, the page's own origin, which the editor adds.
 */
export function cmsConfig({ repo = repositoryOf() } = {}) {
  const formats = {};
  const names = Object.keys(cms);
  const missing = Object.keys(collections).filter((n) => !names.includes(n));
  if (missing.length) throw new Error(`content/cms-words.ts: no words for the collection(s) ${missing.join(', ')}`);
  const made = names.map((name) => {
    const collection = collections[name];
    return collection.loader.kind === 'markdown'
      ? markdownCollection(name, collection, cms[name], formats)
      : jsonCollection(name, collection, cms[name], formats);
  });
  const config = {
    load_config_file: false,
    backend: {
      // GitHub's, kept to pull requests (client/cms/backend.ts registers it under this name).
      name: 'github-pull-requests',
      repo,
      branch: 'main',
      auth_endpoint: 'cms/auth',
      squash_merges: true,
      // The commit status `npm run preview -- comment` sets with the pull request's preview address.
      preview_context: PREVIEW_STATUS_CONTEXT,
    },
    // Inert but on localhost: `npm run cms` (decap-server) then writes into the checkout.
    local_backend: true,
    publish_mode: 'editorial_workflow',
    locale: 'fr',
    show_preview_links: true,
    // The real preview is the pull request's own site; the form takes the width, French and English side by side.
    editor: { preview: false },
    media_folder: 'content/images',
    public_folder: '',
    slug: { encoding: 'ascii', clean_accents: true },
    i18n: { structure: 'multiple_files', locales: ['fr', 'en'], default_locale: 'fr' },
    collections: made,
  };
  return { config, formats };
}
