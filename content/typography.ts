/*
 * French typography, set by the build so that editors type as people type:
 * ordinary spaces before : ; ! ? and straight quotes ' " become what French
 * print uses. Applied to the French text of every content entry (JSON texts,
 * front-matter fields, Markdown's text, never its code, links or HTML) by
 * the schemas (content/collection-schema.ts) and scripts/content.mjs; English is left
 * as typed. The rules follow the interface's own strings (locales/fr.json):
 * a no-break space U+00A0 before : ; ! ? % » and after «, the typographic
 * apostrophe ’, « » for quotes. Build time only: the Worker never imports it.
 *
 * Every step reads the text once, left to right (a regular expression here
 * never scans a run twice), so 32 KB of one character costs what 32 KB of
 * prose does.
 */

const NBSP = '\u00a0';

/** Quotes, brackets and punctuation around an address that are not part of it: `("https://x.ch").` */
const AROUND = new Set(['"', "'", '“', '”', '«', '»', '(', ')', '[', ']', '.', ',', ';', ':', '!', '?']);

/** A web or e-mail address (what a word holds once the punctuation around it is off): never typography. */
function isAddress(core: string): boolean {
  if (core.includes('://') || /^(?:www\.|mailto:|tel:)/i.test(core)) return true;
  const at = core.indexOf('@');
  return at > 0 && core.lastIndexOf('.') > at;
}

/** HTML entities (`&nbsp;` ends with a semicolon that is not punctuation). Bounded: linear. */
const ENTITY = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;

/** Where the text holds addresses and entities, as [start, end) spans, in order. */
function keptSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const word of text.matchAll(/\S+/g)) {
    const w = word[0];
    let start = 0;
    let end = w.length;
    while (start < end && AROUND.has(w[start]!)) start++;
    while (end > start && AROUND.has(w[end - 1]!)) end--;
    if (start < end && isAddress(w.slice(start, end))) {
      spans.push([word.index + start, word.index + end]);
      continue;
    }
    for (const e of w.matchAll(ENTITY)) spans.push([word.index + e.index, word.index + e.index + e[0].length]);
  }
  return spans;
}

/**
 * French typography of one run of text (see above). Idempotent: text already
 * set is unchanged. `before`: the text that precedes it when it is one piece
 * of a longer one (Markdown's text between two bold words), which decides
 * whether a quote at its start opens or closes.
 */
export function frenchTypography(text: string, before = ''): string {
  let out = before;
  let last = 0;
  for (const [start, end] of keptSpans(text)) {
    out += setFrench(text.slice(last, start), out, text[start] ?? '') + text.slice(start, end);
    last = end;
  }
  return (out + setFrench(text.slice(last), out, '')).slice(before.length);
}

/** The rules, on text that holds no address or entity; `before` and `after` are the characters around it. */
function setFrench(text: string, before: string, after: string): string {
  if (!text) return text;
  const s = text
    // Three dots are an ellipsis.
    .replace(/\.\.\.(?!\.)/g, '…')
    // An apostrophe after a letter is the typographic one (l’équipe, aujourd’hui).
    .replace(/(?<=\p{L})'/gu, '’')
    // Straight or English double quotes: « opening » after a space, a bracket or at the start; closing otherwise.
    .replace(/["“”]/g, (q: string, i: number, all: string) => {
      const prev = i > 0 ? all[i - 1]! : before.slice(-1);
      return q === '“' || (q === '"' && (prev === '' || /[\s([{\u2013\u2014-]/u.test(prev))) ? '«' : '»';
    })
    // Spaces before : ; ! ? % », or after «, are one no-break space, whatever was typed.
    .replace(/[ \t\u00a0\u202f]+/g, (run: string, i: number, all: string) => {
      const next = i + run.length < all.length ? all[i + run.length]! : after;
      return (next !== '' && ':;!?%»'.includes(next)) || (i > 0 ? all[i - 1] : before.slice(-1)) === '«' ? NBSP : run;
    })
    // And where none was typed: inside guillemets, and before a sign that ends a clause ("Note: x",
    // "Intéressé?", "95%"), never inside a word or a time ("a:b", "19:00").
    .replace(/«(?!\u00a0)/g, `«${NBSP}`)
    .replace(/(?<!\u00a0)»/g, `${NBSP}»`)
    .replace(/(?<=[\p{L}\p{N})\]’…»])[:;!?](?=[\s«»)\]!?]|$)/gu, (sign: string, i: number, all: string) =>
      i + 1 === all.length && after && !/[\s«»)\]!?]/.test(after) ? sign : `${NBSP}${sign}`,
    )
    .replace(/(?<=\p{N})%/gu, `${NBSP}%`);
  return s;
}

/** Every string inside a value (a front-matter field: text, or lists and objects of texts), set in French. */
export function frenchTypographyDeep<T>(value: T): T;
export function frenchTypographyDeep(value: unknown): unknown {
  if (typeof value === 'string') return frenchTypography(value);
  if (Array.isArray(value)) return value.map(frenchTypographyDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frenchTypographyDeep(v)]));
  return value;
}
