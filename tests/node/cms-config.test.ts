import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problems } from '../../client/cms/check.ts';
import { type FormatSpec, formatOf } from '../../client/cms/formats.ts';
import { PAGE_PATHS } from '../../client/paths.ts';
import { text } from '../../content/collection-schema.ts';
import { collections } from '../../content/collections.ts';
// @ts-expect-error: a plain .mjs build script without types
import { cmsConfig, repositoryOf } from '../../scripts/cms-config.mjs';
// @ts-expect-error: a plain .mjs build script without types
import { fieldOf } from '../../scripts/cms-field-config.mjs';
import { fixtureContentDir as FIXTURE_CONTENT } from '../fixtures/fixtures';

const root = path.resolve(import.meta.dirname, '../..');

interface Field {
  name: string;
  label: string;
  hint?: string;
  widget: string;
  required: boolean;
  i18n?: boolean | string;
  pattern?: [string, string];
  min?: number;
  max?: number;
  value_type?: string;
  options?: { label: string; value: string | number }[];
  default?: unknown;
  media_folder?: string;
  public_folder?: string;
  multiple?: boolean;
  fields?: Field[];
  field?: Field;
}
interface Collection {
  name: string;
  format: string;
  folder?: string;
  preview_path?: string;
  fields?: Field[];
  files?: { file: string; preview_path: string; fields: Field[] }[];
}

const { config, formats } = cmsConfig({ repo: 'owner/site' }) as {
  config: Record<string, unknown> & { collections: Collection[] };
  formats: Record<string, FormatSpec>;
};
const collection = (name: string) => config.collections.find((c) => c.name === name)!;
/** A collection's fields as an entry has them: a JSON list's entry's, under `items`. */
function entryFields(name: string): Field[] {
  const c = collection(name);
  const fields = c.fields ?? c.files![0]!.fields;
  return fields.length === 1 && fields[0]!.name === 'items' ? fields[0]!.fields! : fields;
}
/** A field by its path of names (`image.file`). */
function field(name: string, at: string): Field {
  let fields = entryFields(name);
  let found: Field | undefined;
  for (const step of at.split('.')) {
    found = fields.find((f) => f.name === step);
    if (!found) throw new Error(`${name}: no field ${at}`);
    fields = found.fields ?? (found.field ? [found.field] : []);
  }
  return found!;
}
const matches = (f: Field, value: string) => new RegExp(f.pattern![0]).test(value);

/** Every key of a schema's objects, as paths (`image.alt.fr`), through optional fields, lists and unions. */
function schemaKeys(schema: z.ZodType, at = ''): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const join = (k: string) => (at ? `${at}.${k}` : k);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [join(k), ...schemaKeys(v, join(k))]);
    case 'optional':
    case 'default':
    case 'nullable':
      return schemaKeys(def.innerType as z.ZodType, at);
    case 'pipe':
      return schemaKeys(((def.in as z.ZodType)._zod.def.type === 'transform' ? def.out : def.in) as z.ZodType, at);
    case 'array':
      return schemaKeys(def.element as z.ZodType, at);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => schemaKeys(o, at));
    default:
      return [];
  }
}
function configKeys(fields: Field[], at = ''): string[] {
  return fields.flatMap((f) => {
    const here = at ? `${at}.${f.name}` : f.name;
    return [here, ...configKeys(f.fields ?? [], here)];
  });
}

describe('the editor’s configuration, made from the collections', () => {
  it('has every collection, and every field of every schema, at every depth', () => {
    expect(config.collections.map((c) => c.name).sort()).toEqual(Object.keys(collections).sort());
    for (const [name, { schema }] of Object.entries(collections)) {
      const keys = configKeys(entryFields(name));
      expect(keys, name).toEqual(expect.arrayContaining([...new Set(schemaKeys(schema))]));
    }
  });

  it('refuses a field without words, naming it', () => {
    const schema = z.object({ title: text, place: text }).strict();
    const words = { label: { fr: 'Événement', en: 'Event' }, fields: { title: { label: { fr: 'Titre', en: 'Title' } } } };
    expect(() => fieldOf('event', schema, words)).toThrow('content/cms-words.ts: event.place has no words: add them to its collection');
  });

  it('requires what the schema requires, and only that', () => {
    expect(field('news', 'title')).toMatchObject({ widget: 'string', required: true, i18n: true });
    expect(field('news', 'summary')).toMatchObject({ widget: 'text', required: true, i18n: true });
    expect(field('news', 'body')).toMatchObject({ widget: 'markdown', required: true, i18n: true });
    // Shared fields are written in both languages' files: copied from the French.
    expect(field('news', 'date')).toMatchObject({ widget: 'datetime', required: true, i18n: 'duplicate' });
    expect(field('news', 'sample')).toMatchObject({ widget: 'boolean', required: false, default: false, i18n: 'duplicate' });
    // An optional picture: nothing in it is required by the form (the check before saving wants both or neither).
    expect(field('news', 'image')).toMatchObject({ widget: 'object', required: false });
    expect(field('news', 'image.file')).toMatchObject({
      widget: 'image',
      required: false,
      media_folder: '/content/images/news',
      public_folder: 'news',
    });
    expect(field('news', 'image.alt.fr')).toMatchObject({ required: false });
    // A required picture keeps its parts required.
    expect(field('galleries', 'image.alt.en')).toMatchObject({ required: true });
    expect(field('team', 'members')).toMatchObject({ widget: 'list', required: false });
    expect(field('team', 'members.name')).toMatchObject({ required: true });
    expect(field('team', 'members.photo')).toMatchObject({ widget: 'image', required: false, public_folder: 'team' });
    expect(field('services', 'portfolioCategory')).toMatchObject({ widget: 'select', required: false });
  });

  it('gives texts the patterns of the schemas, with their messages', () => {
    const id = field('events', 'id');
    expect(id.pattern![1]).toContain('minuscules');
    expect(['gala-2027', 'soiree-de-noel'].every((v) => matches(id, v))).toBe(true);
    expect(['Gala 2027', 'soirée', 'gala--2027'].some((v) => matches(id, v))).toBe(false);
    const url = field('partners', 'url');
    expect(url.required).toBe(false);
    expect(matches(url, 'https://www.epfl.ch')).toBe(true);
    expect(matches(url, 'http://www.epfl.ch')).toBe(false);
    const date = field('events', 'date');
    expect(matches(date, '2027-02-28')).toBe(true);
    expect(matches(date, '2027-02-30')).toBe(false);
    const pdf = field('jobs', 'attachments').field!;
    expect(pdf).toMatchObject({ widget: 'file', media_folder: '/content/jobs', public_folder: '' });
    expect(matches(pdf, 'web-developer.pdf')).toBe(true);
    expect(matches(pdf, 'Web Developer.pdf')).toBe(false);
    expect(matches(field('site', 'email'), 'contact@jeepfl.ch')).toBe(true);
    // A photo's name as a phone gives it, in capitals: Decap applies a pattern without the schema's `i` flag.
    for (const photo of [field('team', 'members.photo'), field('news', 'image.file')]) {
      expect(['team/IMG_2041.JPG', 'news/photo.Jpeg', 'a.png'].every((v) => matches(photo, v))).toBe(true);
      expect(['../a.jpg', 'a.GIF', '.hidden/a.jpg'].some((v) => matches(photo, v))).toBe(false);
    }
  });

  it('bounds numbers and lists as the schemas do', () => {
    // CHF per word: more than 0 and less than 10, to the centime.
    expect(field('pricing', 'perWord.proofreading')).toMatchObject({ widget: 'number', value_type: 'float', min: 0.01, max: 9.99 });
    expect(field('pricing', 'minimumPerLanguage')).toMatchObject({ value_type: 'float', min: 0 });
    expect(field('awards', 'year')).toMatchObject({ value_type: 'int', min: 1983, required: false });
    expect(field('awards', 'year').max).toBeUndefined();
    expect(field('site', 'figures')).toMatchObject({ widget: 'list', min: 1 });
    expect(field('services', 'offers')).toMatchObject({ widget: 'list', min: 4, max: 6, i18n: true });
    expect(field('services', 'steps')).toMatchObject({ min: 4, max: 4 });
    expect(field('services', 'figures')).toMatchObject({ min: 1, max: 3, i18n: 'duplicate' });
  });

  it('copies a shared field into English part by part, an object inside it marked translated (Decap stops on a copied object inside an unfilled one)', () => {
    expect(field('news', 'image')).toMatchObject({ widget: 'object', i18n: 'duplicate' });
    for (const part of ['image.file', 'image.alt.fr', 'image.alt.en']) expect(field('news', part).i18n, part).toBe('duplicate');
    expect(field('news', 'image.alt').i18n).toBe(true);
    // A shared list's items are copied with it (Decap copies a list whole), each part greyed out in English.
    const figures = field('services', 'figures');
    expect((figures.fields ?? [figures.field!]).map((f) => f.i18n)).not.toContain(undefined);
    // A translated field's parts stay translated.
    expect(field('services', 'offers').fields!.every((f) => f.i18n === true)).toBe(true);
  });

  it('offers each choice of the schemas, and fixes what has one value', () => {
    expect(field('portfolio', 'category').options!.map((o) => o.value)).toEqual([
      'digital',
      'engineering',
      'translation',
      'economy',
      'design',
    ]);
    expect(field('pricing', 'rounding').options!.map((o) => o.value)).toEqual([0.01, 0.05, 0.1, 1]);
    expect(field('pricing', 'quotedOnRequest')).toMatchObject({ widget: 'select', multiple: true });
    expect(field('pricing', 'currency')).toMatchObject({ widget: 'hidden', default: 'CHF' });
  });

  it('previews each entry on a page the site has, in French (no /en prefix)', async () => {
    // Each page's path (client/paths.ts) as a pattern: `/news/:id` matches `/news/bilan-2024`.
    const routes = Object.values(PAGE_PATHS).map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`));
    for (const c of config.collections) {
      const preview = c.folder ? c.preview_path! : c.files![0]!.preview_path;
      // A folder's entries by their ids (the fixtures'), a file by itself.
      const ids = c.folder
        ? [...new Set((await readdir(path.join(FIXTURE_CONTENT, c.folder.replace(/^content\//, '')))).map((f) => f.split('.')[0]!))]
        : [''];
      for (const id of ids) {
        const page = `/${preview.replace('{{slug}}', id)}`;
        expect(
          routes.some((r) => r.test(page)),
          `${c.name}: ${page}`,
        ).toBe(true);
      }
    }
  });

  it('shows French labels with the English in the hint', () => {
    expect(field('news', 'author')).toMatchObject({ label: 'Auteur' });
    expect(field('news', 'author').hint).toMatch(/^Une équipe .* _Author: A team .*_$/);
  });

  it('saves through the editorial workflow to the repository package.json names, signing in at /cms/auth', () => {
    expect(config).toMatchObject({
      backend: {
        name: 'github-pull-requests',
        repo: 'owner/site',
        branch: 'main',
        auth_endpoint: 'cms/auth',
        preview_context: 'site/preview',
      },
      publish_mode: 'editorial_workflow',
      local_backend: true,
      locale: 'fr',
      i18n: { structure: 'multiple_files', locales: ['fr', 'en'], default_locale: 'fr' },
    });
    expect(repositoryOf({ repository: 'github:jeepfl/site' })).toBe('jeepfl/site');
    expect(repositoryOf({ repository: { url: 'git+https://github.com/jeepfl/site.git' } })).toBe('jeepfl/site');
    expect(() => repositoryOf({})).toThrow('package.json');
    expect(collection('news')).toMatchObject({ folder: 'content/news', extension: 'md' });
    // Decap deletes a published entry straight on main: no collection offers it (a collection of files never does).
    for (const c of config.collections) if (c.folder) expect((c as { delete?: boolean }).delete, c.name).toBe(false);
  });
});

describe('the editor’s formats', () => {
  it('write back every JSON file of the fixtures byte for byte, team’s members as they were written', async () => {
    let checked = 0;
    for (const c of config.collections.filter((c) => c.files)) {
      const file = path.join(FIXTURE_CONTENT, c.files![0]!.file.replace(/^content\//, ''));
      if (!existsSync(file)) continue;
      const format = formatOf(formats[c.format]!);
      const before = await readFile(file, 'utf8');
      expect(format.toFile(format.fromFile(before) as never), c.name).toBe(before);
      checked++;
    }
    expect(checked).toBe(config.collections.filter((c) => c.files).length);
  });

  it('read a member written as a name as the object the form edits, and write it back as the name once it is all there is', () => {
    const format = formatOf(formats[collection('team').format]!);
    const role = { id: 'pole-it', group: 'poles', title: { fr: 'Pôle IT', en: 'IT team' }, description: { fr: 'Outils.', en: 'Tools.' } };
    const read = format.fromFile(JSON.stringify([{ ...role, members: ['Zoë', { name: 'Łukasz', photo: 'team/l.jpg' }] }])) as {
      items: { members: unknown[] }[];
    };
    expect(read.items[0]!.members).toEqual([{ name: 'Zoë' }, { name: 'Łukasz', photo: 'team/l.jpg' }]);
    // Zoë given a photo, Łukasz's taken away (the form leaves an empty text).
    const written = format.toFile({
      items: [
        {
          ...role,
          members: [
            { name: 'Zoë', photo: 'team/z.jpg' },
            { name: 'Łukasz', photo: '' },
          ],
        },
      ],
    } as never);
    expect(JSON.parse(written)[0].members).toEqual([{ name: 'Zoë', photo: 'team/z.jpg' }, 'Łukasz']);
  });

  it('write Markdown entries the build reads back the same', async () => {
    for (const c of config.collections.filter((c) => c.folder)) {
      const folder = path.join(FIXTURE_CONTENT, c.folder!.replace(/^content\//, ''));
      const format = formatOf(formats[c.format]!);
      for (const name of (await readdir(folder)).filter((f) => f.endsWith('.md'))) {
        const read = format.fromFile(await readFile(path.join(folder, name), 'utf8'));
        expect(format.fromFile(format.toFile(read as never)), name).toEqual(read);
      }
    }
  });

  it('leave out what the form emptied, and keep keys in the schema’s order', () => {
    const format = formatOf(formats[collection('events').format]!);
    const written = format.toFile({
      items: [{ image: { alt: { en: '', fr: '' }, file: '' }, date: '2027-01-01', name: { en: 'Gala', fr: 'Gala' }, id: 'gala' }],
    } as never);
    expect(written).toBe(`${JSON.stringify([{ id: 'gala', name: { fr: 'Gala', en: 'Gala' }, date: '2027-01-01' }], null, 2)}\n`);
  });
});

describe('the check before saving', () => {
  const news = {
    sample: false,
    date: '2027-01-15',
    type: 'Association',
    title: 'Assemblée',
    author: 'Direction',
    summary: 'Élu.',
    body: 'Le comité.',
  };
  const newsSave = (fr: Record<string, unknown>, en: Record<string, unknown> = { ...news, title: 'Assembly' }) =>
    problems({ collection: 'news', files: { fr, en } }, formats[collection('news').format]!, collection('news').fields as never);

  it('passes an entry content:check would pass', () => {
    expect(newsSave(news)).toEqual([]);
  });

  it('refuses, in the form’s words, what the form alone cannot see', () => {
    // A picture without its description, and a body with an amount written another way.
    expect(newsSave({ ...news, image: { file: 'news/x.jpg', alt: { fr: '', en: '' } }, body: 'Pour CHF 390.- seulement.' })).toEqual([
      expect.stringMatching(/^Image › Description de l’image\u00a0: /),
      expect.stringMatching(/^Texte\u00a0: has an amount/),
    ]);
    expect(newsSave(news, { ...news, body: '' })).toEqual(['English › Texte\u00a0: is empty: every entry has its text']);
  });

  it('names the entry of a JSON list by its place', () => {
    const events = collection('events');
    const found = problems(
      {
        collection: 'events',
        files: {
          file: {
            items: [{ id: 'Gala 2027', name: { fr: 'Gala', en: 'Gala' }, date: '2027-01-01', description: { fr: 'Bal.', en: 'Ball.' } }],
          },
        },
      },
      formats[events.format]!,
      events.files![0]!.fields as never,
    );
    expect(found).toEqual([expect.stringMatching(/^Événements › n°\u00a01 › Identifiant\u00a0: must be lower-case words/)]);
  });
});

describe('the editor’s bundle', () => {
  it('is built, and named by no page and no file of the site but its own', async () => {
    const manifest = JSON.parse(await readFile(path.join(root, 'dist/manifest.json'), 'utf8'));
    expect(manifest.cms.entry).toMatch(/^\/cms\/cms\.[0-9a-f]{16}\.js$/);
    expect(existsSync(path.join(root, 'dist/public', manifest.cms.entry))).toBe(true);
    const files = (await readdir(path.join(root, 'dist/public'), { recursive: true })).filter((f) => /\.(html|js|css|json)$/.test(f));
    const naming = [];
    for (const f of files.filter((f) => !f.startsWith('cms/')))
      if ((await readFile(path.join(root, 'dist/public', f), 'utf8')).includes('/cms/cms.')) naming.push(f);
    expect(naming).toEqual([]);
    expect(files.filter((f) => f.startsWith('_pages/')).length).toBeGreaterThan(10);
  });

  it('stays out of the Worker, which knows only its name', async () => {
    const worker = path.join(root, 'dist/worker');
    for (const f of (await readdir(worker, { recursive: true })).filter((f) => f.endsWith('.js')))
      expect(await readFile(path.join(worker, f), 'utf8'), f).not.toMatch(/decap-cms|registerCustomFormat/);
  });
});
