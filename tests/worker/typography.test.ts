import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type Locale, locales } from '../../client/i18n.ts';
import { localizePath } from '../../client/paths';
import { routes } from '../../client/routes';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { BROWSER_UA, getAs, ORIGIN, onFixedClock } from './helpers';
import { check, checkEnglish, checkFrench, report, visibleText } from './typography-check';

// Offers and events show by date: the pages are read on a day the content is live.
onFixedClock();

// Typography of what visitors read, page by page, in both languages (the rules: ./typography-check.ts).

// ---------------------------------------------------------------- the checker itself

describe('the typography checker', () => {
  it('reads text as the browser shows it', () => {
    expect(
      visibleText('<p>Adresse postale<!-- -->: <a href="/x">ici</a></p><script>a ? b : c</script><noscript>Sans JS&nbsp;!</noscript>'),
    ).toEqual(['Adresse postale: ici', 'Sans JS\u00a0!']);
  });

  it('catches a French colon without its no-break space, and an English space before a colon', () => {
    expect(checkFrench(visibleText('<dt>Adresse postale<!-- -->: <!-- -->x</dt>')).map((o) => o.context)).toEqual(['Adresse postale: x']);
    expect(checkFrench(['Adresse postale : x', 'Il a dit "oui"'])).toHaveLength(3);
    expect(checkEnglish(visibleText('<li>Email<!-- --> :<!-- --> a@b.ch</li>')).map((o) => o.rule)).toEqual([
      'space before “:” in English text',
    ]);
  });

  it('lets correct text, URLs, addresses and times through', () => {
    expect(
      checkFrench([
        'Adresse postale\u00a0: x',
        'Qui\u00a0? Quoi\u202f! 95\u00a0%',
        '« Autre\u00a0langue »'.replace(/« | »/g, (q) => (q[0] === '«' ? '«\u00a0' : '\u00a0»')),
        'https://jeepfl.ch/?a=b, 19:00, info@jeepfl.ch',
      ]),
    ).toEqual([]);
    expect(checkEnglish(['Postal address: x', 'Who? Now! 95%', 'Email us at info@jeepfl.ch', 'We organise and analyse.'])).toEqual([]);
    expect(checkEnglish(['Send an e-mail', 'Your Email', 'We organize', 'colour and color']).map((o) => o.rule)).toHaveLength(4);
  });
});

// ---------------------------------------------------------------- the messages

type Tree = { [key: string]: string | Tree };
const messages = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : messages(v, `${prefix}${k}.`),
  );

describe('locales/*.json', () => {
  // Messages the pages do not show without a visitor's action (form errors, success screens, e-mails) are checked here.
  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)('%s messages follow the typography of their language', (locale, tree) => {
    const offences = messages(tree as Tree).flatMap(([key, value]) => report(`${locale}.json ${key}`, check(locale, value.split('\n'))));
    expect(offences).toEqual([]);
  });
});

// ---------------------------------------------------------------- the pages

async function visible(locale: Locale, path: string, init?: RequestInit): Promise<string[]> {
  const url = init ? path : localizePath(path, locale);
  const res = init ? await exports.default.fetch(new Request(`${ORIGIN}${url}`, init)) : await getAs(locale, url);
  expect(res.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
  return visibleText(await res.text());
}

/** Entries of a collection, found as the visitor finds them: the links of its list page. */
async function discover(list: '/jobs' | '/news'): Promise<string[]> {
  const res = await getAs('fr', list);
  const html = await res.text();
  const found = [...html.matchAll(new RegExp(`href="(${list}/[^"/?#]+)"`, 'g'))].map((m) => m[1]!);
  return [...new Set(found)];
}

const staticCases = routes.filter((r) => !r.path.includes(':')).flatMap((r) => locales.map((locale) => ({ locale, path: r.path })));
const dynamicCases = routes.filter((r) => r.path.includes(':')).flatMap((r) => locales.map((locale) => ({ locale, path: r.path })));

describe('typography of every page', () => {
  it.each(staticCases)('$locale $path', async ({ locale, path }) => {
    const url = localizePath(path, locale);
    expect(report(url, check(locale, await visible(locale, path)))).toEqual([]);
  });

  it.each(dynamicCases)('$locale $path (every entry)', async ({ locale, path }) => {
    const entries = await discover(path.startsWith('/jobs') ? '/jobs' : '/news');
    expect(entries.length, `no entry linked from the ${path} list page`).toBeGreaterThan(0);
    const offences: string[] = [];
    for (const entry of entries) offences.push(...report(localizePath(entry, locale), check(locale, await visible(locale, entry))));
    expect(offences).toEqual([]);
  });

  it.each(locales)('%s 404 page', async (locale) => {
    const url = localizePath('/no-such-page', locale);
    expect(report(url, check(locale, await visible(locale, '/no-such-page')))).toEqual([]);
  });

  it.each(locales)('%s form screens: success, and a refused no-JS post', async (locale) => {
    const offences: string[] = [];
    for (const path of ['/contact?sent=contact', '/services/translation?sent=estimate']) {
      offences.push(...report(localizePath(path, locale), check(locale, await visible(locale, path))));
    }
    const refused = new URLSearchParams({
      firstName: '',
      lastName: 'Test',
      email: 'nope',
      message: 'x',
      source: 'events',
      locale,
      'cf-turnstile-response': '',
    });
    const lines = await visible(locale, '/api/contact', {
      method: 'POST',
      body: refused.toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        'User-Agent': BROWSER_UA,
        'CF-Connecting-IP': '203.0.113.201',
      },
    });
    offences.push(...report(`POST /api/contact (${locale})`, check(locale, lines)));
    expect(offences).toEqual([]);
  });
});
