import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { forms } from '../../client/forms/index.ts';
import { type Locale, locales } from '../../client/i18n.ts';
import { href, localizePath } from '../../client/paths';
import { routes } from '../../client/routes';
import { content } from '../../content/index.ts';
import manifest from '../../dist/manifest.json';
import { checkTypedFrench, report, visibleText } from '../worker/typography-check';

// The site built from the association's own content, whatever it says: any
// slugs, counts, prices, dates and names. These checks hold for every valid
// content; a failure is the site's fault (a page that breaks on an empty
// list, a link to nothing), never the editor's. Pages are read on the day
// the suite runs, as a visitor would.

const ORIGIN = 'https://jeepfl.ch';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function get(path: string, locale: Locale = 'fr'): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { 'User-Agent': UA, Cookie: `lang=${locale}` }, redirect: 'manual' }),
  );
}

/** Every page a visitor can reach: the route table's fixed pages, and each entry the sitemap lists, in both languages. */
async function everyPage(): Promise<{ locale: Locale; path: string }[]> {
  const fixed = routes.filter((r) => !r.path.includes(':')).map((r) => r.path);
  const sitemap = await (await get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
  const pages = new Map<string, { locale: Locale; path: string }>();
  for (const locale of locales)
    for (const path of fixed) pages.set(localizePath(path, locale), { locale, path: localizePath(path, locale) });
  for (const path of listed) pages.set(path, { locale: path === '/en' || path.startsWith('/en/') ? 'en' : 'fr', path });
  return [...pages.values()];
}

/** Same-site addresses a page points to: links, images (each srcset candidate), scripts, styles, icons. */
function addresses(html: string): string[] {
  const found = new Set<string>();
  const add = (url: string) => {
    const u = url.replace(/&amp;/g, '&').trim();
    if (u.startsWith(ORIGIN)) found.add(u.slice(ORIGIN.length) || '/');
    else if (u.startsWith('/') && !u.startsWith('//')) found.add(u);
  };
  for (const m of html.matchAll(/\s(?:href|src|poster)="([^"]*)"/g)) add(m[1]!);
  for (const m of html.matchAll(/\ssrcSet="([^"]*)"|\ssrcset="([^"]*)"/g))
    for (const candidate of (m[1] ?? m[2]!).split(',')) add(candidate.trim().split(/\s+/)[0]!);
  return [...found].filter((u) => !u.startsWith('/api/') && !u.startsWith('/admin'));
}

describe('the site built from content/', () => {
  it('answers every page in both languages, with sized images and no empty list or section', async () => {
    const problems: string[] = [];
    for (const { locale, path } of await everyPage()) {
      const res = await get(path, locale);
      if (res.status !== 200) {
        problems.push(`${path}: answers ${res.status}`);
        continue;
      }
      const html = await res.text();
      for (const [img] of html.matchAll(/<img [^>]*>/g)) {
        if (!/ width="\d+"/.test(img) || !/ height="\d+"/.test(img)) problems.push(`${path}: an image without its size: ${img}`);
        if (!/ alt="[^"]*"/.test(img)) problems.push(`${path}: an image without alt: ${img}`);
      }
      for (const [list] of html.matchAll(/<(ul|ol|dl)\b[^>]*>\s*<\/\1>/g)) problems.push(`${path}: an empty list: ${list}`);
      // A section whose heading has nothing under it: an empty collection left its heading behind.
      for (const [, inner] of html.matchAll(/<section\b[^>]*>([\s\S]*?)<\/section>/g)) {
        const rest = inner!
          .replace(/<h[1-6]\b[^>]*>[\s\S]*?<\/h[1-6]>/, '')
          .replace(/<[^>]+>/g, '')
          .trim();
        if (!rest) problems.push(`${path}: a section with a heading and nothing else: ${inner!.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('links only to addresses that answer: pages, files, images, short links', async () => {
    const seen = new Map<string, string>();
    for (const { locale, path } of await everyPage()) {
      for (const url of addresses(await (await get(path, locale)).text())) if (!seen.has(url)) seen.set(url, path);
    }
    expect(seen.size).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const [url, from] of seen) {
      const [address, anchor] = url.split('#');
      const res = await get(address || from);
      const html = anchor ? await res.text() : await res.body?.cancel();
      if (res.status >= 400) broken.push(`${url} (linked from ${from}): ${res.status}`);
      // A link to a section (/#partners) needs the section: an empty list leaves it out, and its links with it.
      else if (anchor && !(html as string).includes(`id="${anchor}"`)) broken.push(`${url} (linked from ${from}): no #${anchor} there`);
    }
    expect(broken).toEqual([]);
  });

  it('sets French typography on every French page, whatever spaces the editors typed', async () => {
    const offences: string[] = [];
    for (const { locale, path } of await everyPage()) {
      if (locale !== 'fr') continue;
      offences.push(...report(path, checkTypedFrench(visibleText(await (await get(path, 'fr')).text()))));
    }
    expect(offences).toEqual([]);
  });

  it('points only at files the site serves, and builds every Markdown text', () => {
    const served = new Set(Object.keys(manifest.etags));
    for (const job of content.jobs) for (const a of job.attachments) expect(served.has(a), a).toBe(true);
    for (const image of Object.values(content.images)) {
      expect(served.has(image.src), image.src).toBe(true);
      for (const s of image.sources)
        for (const candidate of s.srcset.split(', ')) expect(served.has(candidate.split(' ')[0]!), candidate).toBe(true);
    }
    for (const entry of [...content.news, ...content.jobs, ...content.services, content.privacy])
      for (const l of locales) expect(entry.html[l].trim(), `${entry.id}.${l}`).not.toBe('');
  });

  // Whatever the policy says, it must state the durations the code applies
  // (client/retention.ts, filled in where it writes their {{names}}) and
  // cover every form: a number typed by hand would go stale the day the code
  // changes, and a new form would go unmentioned.
  it('has a privacy policy that takes its durations from the code, names every form and leaves no {{name}} unfilled', async () => {
    for (const l of locales) {
      const file = `content/privacy/policy.${l}.md`;
      const policy = content.privacy.html[l];
      expect(policy, `${file}: write {{retentionDays}} for the days a sent request is kept`).toContain('{{retentionDays}}');
      expect(policy, `${file}: write {{cookieDays}} for the days the language cookie lasts`).toContain('{{cookieDays}}');
      for (const form of Object.values(forms)) {
        const pages = form.pages.map((id) => href(id, l));
        expect(
          pages.some((page) => policy.includes(`href="${page}"`)),
          `${file}: say what the form "${form.name}" collects, with a link to its page (${pages.join(' or ')})`,
        ).toBe(true);
      }
      const html = await (await get(localizePath('/privacy', l), l)).text();
      expect(html, `${file}: a {{name}} the page does not know`).not.toMatch(/\{\{\s*\w*\s*\}\}/);
    }
  });
});
