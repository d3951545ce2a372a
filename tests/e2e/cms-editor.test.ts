import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types: the build's reader of front matter
import { splitFrontMatter } from '../../scripts/content-markdown.mjs';
import { fixtureContentDir } from '../fixtures/fixtures';
import { DESKTOP, useBrowser } from './browser';
import { changes, contentCheck, filesOf, type LocalBackend, routeToBackend, startLocalBackend } from './cms-editor-backend';
import {
  collectionOf,
  column,
  configField,
  DECAP,
  expand,
  label,
  openEditor,
  publish,
  publishSaved,
  REFUSED_SAVE,
  say,
  screenshots,
  upload,
} from './cms-editor-page';

/**
 * The editor at /cms (Decap CMS) in Chromium, against Decap's local backend
 * writing into a copy of the fixtures' content (./cms-editor-backend.ts),
 * driven as an editor drives it, by what the page shows
 * (./cms-editor-page.ts). What a save writes is compared with the fixtures'
 * files, and checked by content:check.
 */

const fixture = (file: string) => readFileSync(path.join(fixtureContentDir, file), 'utf8');
const frontMatter = (text: string) => splitFrontMatter(text) as { data: Record<string, unknown>; body: string };

/** The keys of a value's objects, at every depth, in their order: a file's layout, without its values. */
function keysOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.entries(value).map(([k, v]) => [k, keysOf(v)]);
}

/** A small real PNG, made here. */
const png = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#2f6f8f' } })
    .png()
    .toBuffer();

const browser = useBrowser();
let backend: LocalBackend;
let context: BrowserContext;

beforeAll(async () => {
  backend = await startLocalBackend();
  context = await browser().newContext({ locale: 'fr-CH', reducedMotion: 'reduce', viewport: DESKTOP });
  await routeToBackend(context, backend);
  // Signed in once with the local backend's button: the context's other pages are signed in too.
  const { page, problems } = await openEditor(context, '/');
  await page.getByRole('button', { name: DECAP.signIn }).click();
  await page
    .getByRole('link', { name: collectionOf('news').label })
    .first()
    .waitFor();
  expect(problems).toEqual([]);
  await page.close();
});

afterAll(async () => {
  await context?.close();
  await backend?.stop();
});

describe('the editor at /cms, saving into content/ through the local backend', () => {
  it('creates an article in French and English with an uploaded image, written as the fixtures’ articles are', async () => {
    const article = {
      slug: 'gala-de-printemps-2027',
      date: '2027-03-12',
      image: { name: 'gala-salle.png', mimeType: 'image/png', buffer: await png() },
      alt: { fr: 'La salle du gala, décorée', en: 'The gala hall, decorated' },
      fr: { type: 'Événement', title: 'Gala de printemps 2027', author: 'Pôle événements', summary: 'Une soirée pour les membres.' },
      en: { type: 'Event', title: 'Spring gala 2027', author: 'Events team', summary: 'An evening for the members.' },
      body: { fr: 'Le gala aura lieu au Rolex Learning Center.', en: 'The gala takes place at the Rolex Learning Center.' },
    };
    const before = filesOf(backend.content);
    const { page, problems } = await openEditor(context, '/collections/news');
    await screenshots(page, 'cms-collections');
    await page.getByRole('link', { name: say(DECAP.newEntry, { collectionLabel: collectionOf('news').label_singular! }) }).click();

    const fr = column(page, 'fr');
    await fr.getByRole('textbox', { name: label('news', 'date') }).fill(article.date);
    for (const locale of ['fr', 'en'] as const) {
      const side = column(page, locale);
      for (const [key, value] of Object.entries(article[locale])) await side.getByRole('textbox', { name: label('news', key) }).fill(value);
      // The body, Decap's rich text: the column's last box.
      await side.getByRole('textbox').last().click();
      await page.keyboard.type(article.body[locale]);
    }
    await upload(page, fr, article.image);
    for (const locale of ['fr', 'en'] as const)
      await fr.getByRole('textbox', { name: label('news', `image.alt.${locale}`) }).fill(article.alt[locale]);
    // The titles in view, French and English side by side (Decap scrolls the English column with the French).
    await fr.getByRole('textbox', { name: label('news', 'title') }).evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await screenshots(page, 'cms-news-entry');
    await publishSaved(page);

    // The two files of an article and its image, nothing else.
    const imageField = configField('news', 'image.file');
    const image = `${imageField.media_folder!.replace(/^\/content\//, '')}/${article.image.name}`;
    expect(changes(before, filesOf(backend.content))).toEqual({
      added: [image, `news/${article.slug}.en.md`, `news/${article.slug}.fr.md`].sort(),
      changed: [],
      removed: [],
    });
    expect(readFileSync(path.join(backend.content, image))).toEqual(article.image.buffer);

    // Laid out as the fixtures' article with an image: the same keys in the same order, the date written the same way.
    const model = ['fr', 'en'].map((l) => fixture(`news/bilan-2024.${l}.md`));
    for (const [i, locale] of (['fr', 'en'] as const).entries()) {
      const text = readFileSync(path.join(backend.content, `news/${article.slug}.${locale}.md`), 'utf8');
      const written = frontMatter(text);
      const shape = frontMatter(model[i]!);
      expect(keysOf(written.data)).toEqual(keysOf(shape.data));
      expect(written.data).toEqual({
        sample: false,
        date: article.date,
        image: { file: `${imageField.public_folder}/${article.image.name}`, alt: article.alt },
        ...article[locale],
      });
      expect(text).toContain(`\ndate: ${article.date}\n`);
      expect(model[i]).toContain(`\ndate: ${shape.data.date}\n`);
      expect(written.body).toBe(`\n${article.body[locale]}\n`);
    }
    expect(await contentCheck(backend.content)).toMatch(/^Content is valid: /);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('adds a photo to a team member, the rest of team.json as it was', async () => {
    const original = fixture('team.json');
    const team = JSON.parse(original) as { id: string; members: (string | { name: string; photo?: string })[] }[];
    // The layout every save must keep: two spaces, a final newline (so a file written so is byte for byte the same).
    expect(`${JSON.stringify(team, null, 2)}\n`).toBe(original);
    const role = team.find((r) => r.members.some((m) => typeof m === 'string'))!;
    const index = role.members.findIndex((m) => typeof m === 'string');
    const name = role.members[index] as string;
    const photoField = configField('team', 'members.photo');
    const photo = {
      name: 'portrait-nouveau.jpg',
      mimeType: 'image/jpeg',
      buffer: readFileSync(path.join(fixtureContentDir, 'images/team/portrait-a.jpg')),
    };

    const before = filesOf(backend.content);
    const { page, problems } = await openEditor(context, '/collections/team');
    await page
      .getByRole('main')
      .getByRole('link', { name: collectionOf('team').files![0]!.label })
      .click();
    await expand(page, role.id);
    await expand(page, name);
    await upload(page, page.locator('body'), photo);
    await screenshots(page, 'cms-team-member');
    await publishSaved(page);

    role.members[index] = { name, photo: `${photoField.public_folder}/${photo.name}` };
    expect(readFileSync(path.join(backend.content, 'team.json'), 'utf8')).toBe(`${JSON.stringify(team, null, 2)}\n`);
    const image = `${photoField.media_folder!.replace(/^\/content\//, '')}/${photo.name}`;
    expect(changes(before, filesOf(backend.content))).toEqual({ added: [image], changed: ['team.json'], removed: [] });
    expect(readFileSync(path.join(backend.content, image))).toEqual(photo.buffer);
    expect(await contentCheck(backend.content)).toMatch(/^Content is valid: /);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('changes a translation price, and only that number in pricing.json', async () => {
    const original = fixture('pricing.json');
    const price = (JSON.parse(original) as { perWord: { translation_proofreading: number } }).perWord.translation_proofreading;
    const changed = Math.round((price + 0.02) * 100) / 100;

    const before = filesOf(backend.content);
    const { page, problems } = await openEditor(context, '/collections/pricing');
    await page
      .getByRole('main')
      .getByRole('link', { name: collectionOf('pricing').files![0]!.label })
      .click();
    await page.getByRole('spinbutton', { name: label('pricing', 'perWord.translation_proofreading') }).fill(String(changed));
    await publishSaved(page);

    expect(changes(before, filesOf(backend.content))).toEqual({ added: [], changed: ['pricing.json'], removed: [] });
    const [was, is] = [original, readFileSync(path.join(backend.content, 'pricing.json'), 'utf8')].map((t) => t.split('\n'));
    const line = was!.find((l) => l.includes(`"translation_proofreading": ${price}`))!;
    expect(is!.length).toBe(was!.length);
    expect(is!.flatMap((l, i) => (l === was![i] ? [] : [[was![i], l]]))).toEqual([[line, line.replace(`${price}`, `${changed}`)]]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the editor at /cms refusing what the site cannot use, with its message, writing nothing', () => {
  /**
   * Publishes, expecting a refusal with `message` (the form's, at its field): then nothing was asked of the backend,
   * nothing on disk changed, and the entry is still unsaved.
   */
  async function refused(page: Page, problems: string[], message: Locator) {
    const [before, asked] = [filesOf(backend.content), backend.actions.length];
    await publish(page);
    await message.waitFor();
    expect(await page.getByText(DECAP.unsaved, { exact: true }).isVisible()).toBe(true);
    expect(backend.actions.slice(asked).filter((a) => /^(persist|delete)/.test(a))).toEqual([]);
    expect(changes(before, filesOf(backend.content))).toEqual({ added: [], changed: [], removed: [] });
    await expect.poll(() => problems).toEqual([REFUSED_SAVE]);
  }

  it('an article without its French title', async () => {
    const { page, problems } = await openEditor(context, '/collections/news');
    await page.getByRole('link', { name: say(DECAP.newEntry, { collectionLabel: collectionOf('news').label_singular! }) }).click();
    const texts = {
      fr: { type: 'Vie associative', author: 'Comité' },
      en: { type: 'Association', title: 'The committee', author: 'Committee' },
    };
    for (const locale of ['fr', 'en'] as const) {
      const side = column(page, locale);
      for (const [key, value] of Object.entries(texts[locale])) await side.getByRole('textbox', { name: label('news', key) }).fill(value);
      await side.getByRole('textbox', { name: label('news', 'summary') }).fill(locale === 'fr' ? 'Le comité.' : 'The committee.');
      await side.getByRole('textbox').last().click();
      await page.keyboard.type(locale === 'fr' ? 'Le comité se présente.' : 'The committee introduces itself.');
    }
    const required = say(DECAP.required, { fieldLabel: label('news', 'title') });
    await refused(page, problems, column(page, 'fr').getByText(required, { exact: true }));
    expect(await page.getByText(DECAP.missingRequired, { exact: true }).isVisible()).toBe(true);
    // The English title, filled in, is not refused: the French one is the only field missing.
    const anyRequired = new RegExp(`^${DECAP.required.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace('%{fieldLabel}', '.+')}$`);
    expect(await page.getByText(anyRequired).count()).toBe(1);
    await screenshots(page, 'cms-refused');
    await page.close();
  });

  it('an article whose date was written by hand another way (day.month.year)', async () => {
    // A date written the Swiss way in GitHub's web editor: the calendar cannot show it, and saving is refused until one is picked.
    const files = ['fr', 'en'].map((l) => path.join(backend.content, `news/bilan-2024.${l}.md`));
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const { data } = frontMatter(texts[0]!);
    const [year, month, day] = String(data.date).split('-');
    for (const [i, file] of files.entries())
      writeFileSync(file, texts[i]!.replace(`\ndate: ${data.date}\n`, `\ndate: ${day}.${month}.${year}\n`));
    try {
      const { page, problems } = await openEditor(context, '/collections/news');
      await page.getByRole('link', { name: String(data.title) }).click();
      const summary = column(page, 'fr').getByRole('textbox', { name: label('news', 'summary') });
      await summary.fill(`${await summary.inputValue()} Merci.`);
      const date = configField('news', 'date');
      const message = say(DECAP.pattern, { fieldLabel: date.label, pattern: date.pattern![1] });
      await refused(page, problems, column(page, 'fr').getByText(message, { exact: true }));
      await page.close();
    } finally {
      for (const [i, file] of files.entries()) writeFileSync(file, texts[i]!);
    }
  });

  it('a partner’s website that is not https', async () => {
    const partners = JSON.parse(fixture('partners.json')) as { id: string; url?: string }[];
    const partner = partners.find((p) => p.url?.startsWith('https://'))!;
    const url = configField('partners', 'url');
    const { page, problems } = await openEditor(context, '/collections/partners');
    await page
      .getByRole('main')
      .getByRole('link', { name: collectionOf('partners').files![0]!.label })
      .click();
    await expand(page, partner.id);
    await page.getByRole('textbox', { name: url.label }).fill(partner.url!.replace(/^https:/, 'http:'));
    const message = say(DECAP.pattern, { fieldLabel: url.label, pattern: url.pattern![1] });
    await refused(page, problems, page.getByText(message, { exact: true }));
    await page.close();
  });
});
