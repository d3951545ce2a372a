/**
 * Rules the fields of both forms share. The island runs them in the browser
 * (on blur and submit), and the Worker wraps the very same functions in its
 * zod schema (worker/forms/definitions.ts), so a rule is written once. They
 * are plain functions rather than zod schemas so that no validation library
 * reaches the browser: the islands' budget is React plus about 11 KB.
 *
 * A rule takes what was posted (anything) and returns the clean value or an
 * error code; `errorMessage` turns the code into the visitor's language.
 *
 * Anything a visitor types may reach an e-mail, a header even. Control and
 * invisible characters are refused in one-line fields, before trimming, which
 * would hide some of them at the edges: every control (C0, C1), format
 * character (bidi embeddings, overrides, isolates and marks, zero-width
 * space, word joiner, soft hyphen, byte-order mark, tags), line and paragraph
 * separator, and lone surrogate. Only the zero-width joiner and non-joiner
 * are let through: some scripts and emoji need them. In free text only
 * newline and tab are kept besides, and every line ending becomes a newline.
 */
import { isEmail } from './email';

const INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the joiners are listed alone on purpose, to let them through.
const INVISIBLE_IN_TEXT = /(?![\u200c\u200d\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * Text with the invisible characters above removed, for input that is
 * cleaned rather than refused (a message; the signature generator's fields).
 * `lines` keeps newline and tab, and turns every line ending into a newline.
 */
export function withoutInvisible(value: string, { lines = false } = {}): string {
  return lines ? value.replace(/\r\n?/g, '\n').replace(INVISIBLE_IN_TEXT, '') : value.replace(new RegExp(INVISIBLE.source, 'gu'), '');
}
/**
 * A web or e-mail address inside a name: `@`, `://`, `www.`, or a domain such
 * as `spam.example`, looked for after folding look-alikes (`＠`, `．`) and
 * dropping joiners, so `spam\u200d.example` is caught too.
 */
// `\u3002` is the ideographic full stop, written as an escape: one character
// outside Latin-1 in the bundle makes V8 hold all of it as two-byte text.
const LINK = /@|:\/\/|www\.|[\p{L}\p{N}-][.\u3002][a-z]{2,}/iu;
const skeleton = (v: string) => v.normalize('NFKC').replace(/\p{Cf}/gu, '');

/** The address check lives in ./email.ts (the Worker's settings use it alone). */
export { isEmail };

/** The Turnstile token and the honeypot travel with the fields under these names. */
export const CAPTCHA_FIELD = 'cf-turnstile-response';
export const HONEYPOT_FIELD = 'website';

export type Checked<T> = { ok: true; value: T } | { ok: false; code: string };
/** One field's rule: the posted value (anything) in, the clean value or an error code out. */
export type Rule<T> = (input: unknown) => Checked<T>;
/** What a set of rules produces when every field passes. */
export type Output<R extends Record<string, Rule<unknown>>> = { [K in keyof R]: R[K] extends Rule<infer T> ? T : never };

const pass = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = (code: string): Checked<never> => ({ ok: false, code });

/**
 * A rule followed by checks of its clean value, in order: the first check that
 * returns a code decides. (Never name an export `then`: the module would be a
 * thenable, and `await import()` of it would never settle.)
 */
export function checked<T>(rule: Rule<T>, ...checks: Array<(value: T) => string | false>): Rule<T> {
  return (input) => {
    const result = rule(input);
    if (!result.ok) return result;
    for (const check of checks) {
      const code = check(result.value);
      if (code) return refuse(code);
    }
    return result;
  };
}

/** One of a fixed list (`code` otherwise, missing included). */
export const oneOf =
  <const T extends readonly string[]>(values: T, code: string): Rule<T[number]> =>
  (input) =>
    typeof input === 'string' && values.includes(input) ? pass(input) : refuse(code);

/** A field that may be left out: `fallback` then, the rule otherwise. */
export const orDefault =
  <T>(rule: Rule<T>, fallback: T): Rule<T> =>
  (input) =>
    input === undefined ? pass(fallback) : rule(input);

/** One line of text: visible characters only, trimmed, at most `max` characters. */
export const oneLineText =
  (max: number, missing = 'required'): Rule<string> =>
  (input) => {
    if (typeof input !== 'string') return refuse(missing);
    if (INVISIBLE.test(input)) return refuse('invisible_chars');
    const value = input.trim();
    return value.length > max ? refuse('too_long') : pass(value);
  };

/** A first or last name: no link and no `@`, so the association's inbox never shows a stranger's URL as a name. */
export const personName = (max = 100) =>
  checked(
    oneLineText(max),
    (v) => v.length === 0 && 'required',
    (v) => LINK.test(skeleton(v)) && 'name_link',
  );

export const emailAddress =
  (code = 'false_email'): Rule<string> =>
  (input) => {
    if (typeof input !== 'string') return refuse(code);
    if (INVISIBLE.test(input)) return refuse('invisible_chars');
    const value = input.trim();
    return isEmail(value) ? pass(value) : refuse(code);
  };

/** Multi-line text (a message, comments): line endings normalised, invisible characters dropped, then bounded. */
export const freeText =
  (max: number): Rule<string> =>
  (input) => {
    if (typeof input !== 'string') return refuse('required');
    const value = withoutInvisible(input, { lines: true }).trim();
    return value.length > max ? refuse('long_message') : pass(value);
  };

/**
 * Thousands separators a person in Switzerland may type inside a count: the
 * apostrophe (straight, as `formatNumber` writes counts, or typographic: 2'000,
 * 2’000) and spaces, the no-break ones (U+00A0, U+202F, U+2009) too, as other
 * sites and word processors write them: a count copied from anywhere is understood.
 */
const GROUP_SEPARATORS = new Set(["'", '\u2019', ' ', '\u00a0', '\u202f', '\u2009']);
const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/**
 * Reads a count as a person types it, in one pass over the text (no regular
 * expression, so 32 KB of zeros cost no more than 32 KB of anything else):
 * ASCII digits, a thousands separator only between two digits, a leading
 * minus sign read as a sign. Anything else (`0x10`, `1e3`, `+5`, `12.0`) is
 * not a count. Past nine significant digits the exact value does not matter:
 * it is over any maximum.
 *
 * @example parseCount(" 2'000 ") // { negative: false, value: 2000 }
 */
function parseCount(text: string): { negative: boolean; value: number } | null {
  const s = text.trim();
  let i = s[0] === '-' || s[0] === '\u2212' ? 1 : 0;
  const negative = i === 1;
  let significant = '';
  let digits = 0;
  for (; i < s.length; i++) {
    const ch = s[i]!;
    if (isDigit(ch)) {
      digits++;
      if (significant.length > 0 || ch !== '0') significant += ch;
      if (significant.length > 9) return { negative, value: Infinity };
    } else if (!(GROUP_SEPARATORS.has(ch) && isDigit(s[i - 1] ?? '') && isDigit(s[i + 1] ?? ''))) {
      return null;
    }
  }
  return digits === 0 ? null : { negative, value: Number(significant || '0') };
}

/**
 * A count typed by a person: digits, with the Swiss thousands separators
 * (`2'000`, `2 000`), spaces around them fine; a JSON number must be a whole one.
 */
export const wholeNumber =
  (max: number): Rule<number> =>
  (input) => {
    if (input === undefined || (typeof input === 'string' && input.trim() === '')) return refuse('required');
    let n: number;
    if (typeof input === 'number') {
      if (!Number.isInteger(input)) return refuse('not_a_count');
      n = input;
    } else {
      const count = typeof input === 'string' ? parseCount(input) : null;
      if (!count) return refuse('not_a_count');
      n = count.negative ? -count.value : count.value;
    }
    if (n <= 0) return refuse('not_positive');
    return n > max ? refuse('too_many') : pass(n);
  };
