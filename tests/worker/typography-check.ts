import type { Locale } from '../../client/i18n.ts';

/**
 * Typography of what visitors read: French puts a no-break space (U+00A0 or
 * U+202F) before : ; ! ? % and inside « »; English puts no space at all
 * before them, writes "email" and British -ise/-our/-re spellings. Offences
 * quote the text around them (⍽ marks a no-break space). Used on every page
 * and message (tests/worker/typography.test.ts) and on the association's own
 * content (tests/content/).
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
export function visibleText(html: string): string[] {
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

export interface Offence {
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

export function checkFrench(lines: string[]): Offence[] {
  const masked = lines.map((line) => mask(line));
  return [
    ...find(lines, masked, new RegExp(`(?<=${WORD_END})[:;!?%]`, 'gu'), (m) => `no-break space missing before “${m[0]}”`),
    ...find(lines, masked, /[ \t](?=[:;!?%»])/g, (m) => `ordinary space before “${m.input[m.index! + 1]}”: use a no-break space`),
    ...find(lines, masked, new RegExp(`«(?!${NBSP})`, 'gu'), 'no-break space missing after «'),
    ...find(lines, masked, new RegExp(`(?<!${NBSP})»`, 'gu'), 'no-break space missing before »'),
    ...find(lines, masked, /["“”]/g, (m) => `quotation mark ${m[0]} in French text: use « »`),
    ...find(lines, masked, /(?<=\p{L})'/gu, 'typewriter apostrophe in French text: use ’'),
    ...find(lines, masked, /\p{Ll}·\p{Ll}/gu, 'point médian: the site writes doublets (« étudiantes et étudiants »)'),
  ];
}

const AMERICAN_IZE =
  /\b\w*(?:organiz|recogniz|specializ|optimiz|realiz|prioritiz|personaliz|customiz|finaliz|summariz|categoriz|minimiz|maximiz|analyz)\w*/giu;

export function checkEnglish(lines: string[]): Offence[] {
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

export const check = (locale: Locale, lines: string[]) => (locale === 'fr' ? checkFrench(lines) : checkEnglish(lines));
export const report = (where: string, offences: Offence[]) => offences.map((o) => `${where}: ${o.rule}: “${o.context}”`);

/**
 * The part of the French rules that the build guarantees for any content,
 * however it was typed: no ordinary space before : ; ! ? % », and « » with
 * no-break spaces inside. (A colon typed with no space at all stays as typed:
 * the build cannot tell "Note:" from a time or a ratio.)
 */
export function checkTypedFrench(lines: string[]): Offence[] {
  const masked = lines.map((line) => mask(line));
  return [
    ...find(lines, masked, /[ \t](?=[:;!?%»])/g, (m) => `ordinary space before “${m.input[m.index! + 1]}”`),
    ...find(lines, masked, /(?<=\p{L})'/gu, 'typewriter apostrophe: ’ expected'),
    ...find(lines, masked, new RegExp(`«(?!${NBSP})`, 'gu'), 'no-break space missing after «'),
    ...find(lines, masked, new RegExp(`(?<!${NBSP})»`, 'gu'), 'no-break space missing before »'),
  ];
}
