import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type Locale, locales } from '../../client/i18n.ts';
import { localizePath } from '../../client/paths';
import { routes } from '../../client/routes';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { BROWSER_UA, getAs, ORIGIN, onFixedClock } from './helpers';

// Offers and events show by date: the pages are read on a day the content is live.
onFixedClock();

/**
 * Typography of what visitors read, page by page, in both languages:
 * French puts a no-break space (U+00A0 or U+202F) before : ; ! ? % and
 * inside « »; English puts no space at all before them, writes "email" and
 * British -ise/-our/-re spellings. Failures name the page and quote the
 * text around the offence (⍽ marks a no-break space).
 */

// ---------------------------------------------------------------- visible text

/** Elements whose content is never read as page text. */
const HIDDEN = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Phrasing elements: removing their tags joins the text around them, as the browser shows it. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'svg',
  'path',
  'circle',
  'rect',
  'line',
  'polyline',
  'polygon',
  'ellipse',
  'g',
  'use',
  'defs',
]);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/**
 * The text of a page as lines (one per block), the way a reader sees it:
 * comments (React's `<!-- -->` between adjacent pieces included) go before
 * the tags, so `Adresse<!-- -->: x` reads `Adresse: x`. <noscript> content
 * stays: visitors without JavaScript read it.
 */
function visibleText(html: string): string[] {
  const text = html
    .replace(HIDDEN, '\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g, (_, name: string) => (INLINE.has(name.toLowerCase()) ? '' : '\n'));
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f]+/g, ' ').trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------- checks

interface Offence {
  rule: string;
  context: string;
}

const NBSP = '[\\u00a0\\u202f]';
/** What ends a word before punctuation: letters, digits, closing brackets and quotes. */
const WORD_END = '[\\p{L}\\p{N}\\p{M})\\]»”"’…]';

/** URLs, e-mail addresses and times or ratios (19:00, 16:9): never typography. */
const MASKS = [
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+/giu,
  /\b(?:mailto|tel):[^\s<>"]+/giu,
  /\bwww\.[^\s<>"]+/giu,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
  /\p{N}:\p{N}/gu,
];
/** English proper names that keep their own spelling (none yet). */
const ENGLISH_NAMES: RegExp[] = [];

function mask(line: string, extra: RegExp[] = []): string {
  // Same length, so indexes still point into the original line.
  return [...MASKS, ...extra].reduce((s, re) => s.replace(re, (m) => '\u0000'.repeat(m.length)), line);
}

function around(line: string, index: number, length = 1): string {
  const start = Math.max(0, index - 15);
  const end = Math.min(line.length, index + length + 15);
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`.replace(/[\u00a0\u202f]/g, '⍽');
}

function find(lines: string[], masked: string[], re: RegExp, rule: string | ((m: RegExpExecArray) => string)): Offence[] {
  const found: Offence[] = [];
  masked.forEach((line, i) => {
    for (const m of line.matchAll(re)) {
      found.push({ rule: typeof rule === 'string' ? rule : rule(m), context: around(lines[i]!, m.index!, m[0].length) });
    }
  });
  return found;
}

function checkFrench(lines: string[]): Offence[] {
  const masked = lines.map((line) => mask(line));
  return [
    ...find(lines, masked, new RegExp(`(?<=${WORD_END})[:;!?%]`, 'gu'), (m) => `no-break space missing before “${m[0]}”`),
    ...find(lines, masked, /[ \t](?=[:;!?%»])/g, (m) => `ordinary space before “${m.input[m.index! + 1]}”: use a no-break space`),
    ...find(lines, masked, new RegExp(`«(?!${NBSP})`, 'gu'), 'no-break space missing after «'),
    ...find(lines, masked, new RegExp(`(?<!${NBSP})»`, 'gu'), 'no-break space missing before »'),
    ...find(lines, masked, /["“”]/g, (m) => `quotation mark ${m[0]} in French text: use « »`),
    ...find(lines, masked, /\p{Ll}·\p{Ll}/gu, 'point médian: the site writes doublets (« étudiantes et étudiants »)'),
  ];
}

const AMERICAN_IZE =
  /\b\w*(?:organiz|recogniz|specializ|optimiz|realiz|prioritiz|personaliz|customiz|finaliz|summariz|categoriz|minimiz|maximiz|analyz)\w*/giu;

function checkEnglish(lines: string[]): Offence[] {
  const masked = lines.map((line) => mask(line, ENGLISH_NAMES));
  return [
    ...find(lines, masked, /[ \t\u00a0\u202f](?=[:;!?%])/g, (m) => `space before “${m.input[m.index! + 1]}” in English text`),
    ...find(lines, masked, /[«»]/g, (m) => `French quotation mark ${m[0]} in English text`),
    ...find(lines, masked, /\be-mail/gi, (m) => `“${m[0]}”: write “email”`),
    ...find(lines, masked, /(?<=[\p{Ll},] )Email\b/gu, '“Email” mid-sentence: write “email”'),
    ...find(lines, masked, AMERICAN_IZE, (m) => `American spelling “${m[0]}”: the site writes British -ise/-yse`),
    ...find(lines, masked, /\b(?:center|color)(?:s|ed|ing|ful)?\b/giu, (m) => `American spelling “${m[0]}”: write centre/colour`),
  ];
}

const check = (locale: Locale, lines: string[]) => (locale === 'fr' ? checkFrench(lines) : checkEnglish(lines));
const report = (where: string, offences: Offence[]) => offences.map((o) => `${where}: ${o.rule}: “${o.context}”`);

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

const staticCases = routes()
  .filter((r) => !r.path.includes(':'))
  .flatMap((r) => locales.map((locale) => ({ locale, path: r.path })));
const dynamicCases = routes()
  .filter((r) => r.path.includes(':'))
  .flatMap((r) => locales.map((locale) => ({ locale, path: r.path })));

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
