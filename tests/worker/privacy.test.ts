import { describe, expect, it } from 'vitest';
import { forms } from '../../client/forms/index.ts';
import type { Locale } from '../../client/i18n.ts';
import { href } from '../../client/paths.ts';
import { SENT_RETENTION_DAYS } from '../../client/retention.ts';
import { site } from '../../content/index.ts';
import { get, getAs } from './helpers';
import { visibleText } from './typography-check';

/**
 * The privacy page as a visitor reads it: what each form collects, how long
 * things are kept (the numbers the code applies, never numbers of its own),
 * whom to write to, and no word of the site's internals.
 */

const PAGES = [
  ['fr', '/privacy'],
  ['en', '/en/privacy'],
] as const;

/** The policy itself: after the table of contents, before the footer (the header and footer link the forms' pages too). */
function policyOf(html: string): string {
  const start = html.indexOf('</nav>', html.indexOf('id="privacy-toc"'));
  const end = html.indexOf('<footer', start);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

const text = (html: string) => visibleText(html).join(' ');

/** The `lang` cookie's lifetime in days, as the Worker sets it on a first visit. */
async function cookieDays(locale: Locale, path: string): Promise<number> {
  const res = await get(path, { 'Accept-Language': locale });
  expect(res.status).toBe(200);
  const maxAge = /lang=[a-z]+;.*Max-Age=(\d+)/i.exec(res.headers.get('set-cookie') ?? '')?.[1];
  expect(maxAge).toBeDefined();
  return Number(maxAge) / 86_400;
}

describe('the privacy page, written for visitors', () => {
  it.each([
    [
      'fr',
      '/privacy',
      (days: number) => `votre demande y est gardée ${days} jours`,
      (days: number) => `reste ${days} jours dans votre navigateur`,
    ],
    [
      'en',
      '/en/privacy',
      (days: number) => `your request is kept there for ${days} days`,
      (days: number) => `stays in your browser for ${days} days`,
    ],
  ] as const)('%s: keeps a sent request and the language cookie as long as it says', async (locale, path, request, cookie) => {
    const page = text(await (await getAs(locale, path)).text());
    expect(page).toContain(request(SENT_RETENTION_DAYS));
    expect(page).toContain(cookie(await cookieDays(locale, path)));
  });

  it.each(PAGES)('%s: fills in every {{placeholder}} of the policy', async (locale, path) => {
    const html = await (await getAs(locale, path)).text();
    expect(html).not.toMatch(/\{\{\s*\w*\s*\}\}/);
  });

  it.each(PAGES)('%s: names each form, with a link to the page that has it', async (locale, path) => {
    const policy = policyOf(await (await getAs(locale, path)).text());
    for (const form of Object.values(forms)) {
      const link = form.pages.map((id) => new RegExp(`<a href="${href(id, locale)}">([^<]+)</a>`).exec(policy)).find(Boolean);
      expect(link?.[1]?.trim(), `a link to the page of the form "${form.name}"`).toBeTruthy();
    }
  });

  it.each(PAGES)(
    "%s: says whom to write to: the association's e-mail, at the top and in the policy, and its address",
    async (locale, path) => {
      const html = await (await getAs(locale, path)).text();
      const mailto = `<a href="mailto:${site.email}">${site.email}</a>`;
      expect(html.slice(0, html.indexOf('id="privacy-toc"'))).toContain(mailto);
      const policy = policyOf(html);
      expect(policy).toContain(mailto);
      expect(text(policy)).toContain(site.address);
    },
  );

  it.each(PAGES)('%s: speaks no developer jargon', async (locale, path) => {
    const page = text(await (await getAs(locale, path)).text());
    for (const word of [
      /file d[’']envoi/i,
      /messagerie interne/i,
      /gestionnaire de mots de passe/i,
      /outbox/i,
      /durable object/i,
      /password manager/i,
      /internal chat/i,
      /\blease/i,
      /\bqueue/i,
    ])
      expect(page).not.toMatch(word);
  });

  it.each(PAGES)('%s: goes down one heading level at a time, from its one h1', async (locale, path) => {
    const html = await (await getAs(locale, path)).text();
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    for (const [i, level] of levels.entries()) if (i > 0) expect(level, `heading ${i + 1}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    expect(levels).toContain(3); // each form has its own subheading
  });

  it.each(PAGES)('%s: links the federal data protection authority over https', async (locale, path) => {
    const html = await (await getAs(locale, path)).text();
    expect(html).toContain('href="https://www.edoeb.admin.ch"');
    expect(html).not.toContain('http://www.edoeb.admin.ch');
  });
});
