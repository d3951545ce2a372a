import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
// @ts-expect-error: a plain .mjs build script without types
import { cmsConfig } from '../../scripts/cms-config.mjs';
import { baseURL, DESKTOP, PHONE, screenshot } from './browser';

/*
 * Driving the editor at /cms (Decap CMS) as an editor does, by what the page
 * shows: Decap's own French (`DECAP`), and the labels and messages of the
 * configuration the build gives the editor (scripts/cms-config.mjs, made
 * from content/cms*.ts), for ./cms-editor.test.ts.
 */

interface Field {
  name: string;
  label: string;
  pattern?: [string, string];
  media_folder?: string;
  public_folder?: string;
  fields?: Field[];
  field?: Field;
}
interface Collection {
  name: string;
  label: string;
  label_singular?: string;
  fields?: Field[];
  files?: { label: string; fields: Field[] }[];
}
const { config } = cmsConfig() as { config: { collections: Collection[] } };

/** A field of the editor's configuration by its collection and path (`image.alt.fr`), a JSON list's under its entries. */
export function configField(collection: string, at: string): Field {
  const c = config.collections.find((x) => x.name === collection)!;
  let fields = c.fields ?? c.files![0]!.fields;
  if (fields.length === 1 && fields[0]!.name === 'items') fields = fields[0]!.fields!;
  let found: Field | undefined;
  for (const step of at.split('.')) {
    found = fields.find((f) => f.name === step);
    if (!found) throw new Error(`${collection}: no field ${at}`);
    fields = found.fields ?? (found.field ? [found.field] : []);
  }
  return found!;
}
export const label = (collection: string, at: string) => configField(collection, at).label;
export const collectionOf = (name: string) => config.collections.find((c) => c.name === name)!;

/**
 * Decap's French, from the copy of decap-cms-locales that decap-cms-app itself imports: the one the editor's bundle
 * holds, whatever else node_modules has.
 */
const fromDecapApp = createRequire(createRequire(import.meta.url).resolve('decap-cms-app'));
const locales = path.dirname(fromDecapApp.resolve('decap-cms-locales/package.json'));
// biome-ignore lint/suspicious/noExplicitAny: Decap's messages ship without types; each one used is named below.
const decapFr: any = (await import(pathToFileURL(path.join(locales, 'dist/esm/fr/index.js')).href)).default;

/** Decap's words, as its French shows them (`%{name}` filled in by `say`). */
export const DECAP = {
  signIn: decapFr.auth.login as string,
  newEntry: decapFr.collection.collectionTop.newButtonAriaLabel as string,
  writingIn: decapFr.editor.editorControlPane.i18n.writingInLocale as string,
  publish: decapFr.editor.editorToolbar.publish as string,
  publishNow: decapFr.editor.editorToolbar.publishNow as string,
  unsaved: decapFr.editor.editorToolbar.unsavedChanges as string,
  saved: decapFr.ui.toast.entrySaved as string,
  chooseImage: decapFr.editor.editorWidgets.image.choose as string,
  upload: decapFr.mediaLibrary.mediaLibraryModal.upload as string,
  chooseSelected: decapFr.mediaLibrary.mediaLibraryModal.chooseSelected as string,
  required: decapFr.editor.editorControlPane.widget.required as string,
  pattern: decapFr.editor.editorControlPane.widget.regexPattern as string,
  missingRequired: decapFr.ui.toast.missingRequiredField as string,
};
export const say = (phrase: string, values: Record<string, string>) => phrase.replace(/%\{(\w+)\}/g, (_, key: string) => values[key]!);

/**
 * What the page reports when Decap refuses a save: after it has shown the
 * form's messages, its save (decap-cms-core persistEntry) rejects with
 * nothing, which no one catches. One per refused save, and nothing else.
 */
export const REFUSED_SAVE = 'undefined';

/** A page of the editor at `route` (Decap's address after `#`), and what it reports: console errors (CSP included), page errors. */
export async function openEditor(context: BrowserContext, route: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto(`${baseURL()}/cms#${route}`);
  return { page, problems };
}

/** The French or the English column of an entry's form, each headed by its "Écrire en …" button. */
export function column(page: Page, locale: 'fr' | 'en'): Locator {
  const head = (l: string) => page.getByRole('button', { name: say(DECAP.writingIn, { locale: l.toUpperCase() }) });
  return page
    .locator('div')
    .filter({ has: head(locale) })
    .filter({ hasNot: head(locale === 'fr' ? 'en' : 'fr') })
    .first();
}

/** Opens a closed item of a list by what it shows closed (a role's id, a person's name): the arrow at its top. */
export async function expand(page: Page, summary: string) {
  await page.getByText(summary, { exact: true }).locator('..').getByRole('button').first().click();
}

/** Uploads `file` through the image field in `scope` (Decap's media library) and chooses it. */
export async function upload(page: Page, scope: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await scope.getByRole('button', { name: DECAP.chooseImage }).click();
  const library = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser');
  await library.getByText(DECAP.upload, { exact: true }).click();
  await (await chooser).setFiles(file);
  await library.getByText(file.name, { exact: true }).waitFor();
  await library.getByRole('button', { name: DECAP.chooseSelected }).click();
  await library.waitFor({ state: 'hidden' });
}

/** "Publier" > "Publier maintenant": with the local backend, saving writes the files. */
export async function publish(page: Page) {
  await page.getByRole('button', { name: DECAP.publish, exact: true }).click();
  await page.getByRole('menuitem', { name: DECAP.publishNow }).click();
}

/** Publishes and waits until the editor says the entry is saved. */
export async function publishSaved(page: Page) {
  await publish(page);
  await page.getByText(DECAP.saved, { exact: true }).waitFor();
}

/** Desktop and phone screenshots of the page as it is (screenshots/, for a person to look at). */
export async function screenshots(page: Page, name: string) {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}
