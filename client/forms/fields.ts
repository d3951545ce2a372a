// zod/mini: the same rules as classic zod, but tree-shakable, so the islands
// ship only the checks they use (classic zod cost the forms' chunk 96 KB gzip).
import * as z from 'zod/mini';

/**
 * Rules the fields of both forms share (the island and the Worker run the
 * same ones). Each rule's message is an error code; `errorMessage` turns it
 * into the visitor's language.
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
const INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const INVISIBLE_IN_TEXT = /(?![\u200c\u200d\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const visible = (v: string) => !INVISIBLE.test(v);

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
const LINK = /@|:\/\/|www\.|[\p{L}\p{N}-][.。][a-z]{2,}/iu;
const skeleton = (v: string) => v.normalize('NFKC').replace(/\p{Cf}/gu, '');

/** The Turnstile token and the honeypot travel with the fields under these names. */
export const CAPTCHA_FIELD = 'cf-turnstile-response';
export const HONEYPOT_FIELD = 'website';

export const oneLine = (max: number, missing = 'required') =>
  z.string(missing).check(z.refine(visible, 'invisible_chars'), z.trim(), z.maxLength(max, 'too_long'));

/** A first or last name: no link and no `@`, so the association's inbox never shows a stranger's URL as a name. */
export const personName = (max = 100) =>
  oneLine(max).check(
    z.minLength(1, 'required'),
    z.refine((v) => !LINK.test(skeleton(v)), 'name_link'),
  );

export const emailAddress = (code = 'false_email') =>
  z.pipe(z.string(code).check(z.refine(visible, 'invisible_chars'), z.trim(), z.maxLength(254, code)), z.email(code));

/** Multi-line text (a message, comments): line endings normalised, invisible characters dropped, then bounded. */
export const freeText = (max: number) =>
  z.pipe(
    z.pipe(z.string('required'), z.transform((v: string) => withoutInvisible(v, { lines: true }).trim())),
    z.string().check(z.maxLength(max, 'long_message')),
  );

/**
 * A count typed by a person: digits only (spaces around them are fine), so
 * `0x10`, `1e3`, `+5` or `12.0` are refused rather than guessed at.
 */
export const wholeNumber = (max: number) =>
  z.pipe(
    z.pipe(
      z.optional(z.unknown()),
      z.transform((v: unknown, ctx) => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: 'required', input: v });
        return z.NEVER;
      }
      const digits = typeof v === 'string' ? /^\s*0*(\d+)\s*$/.exec(v)?.[1] : undefined;
      // Past nine digits the exact value does not matter: it is over any maximum.
      const n = typeof v === 'number' ? v : digits === undefined ? NaN : digits.length > 9 ? max + 1 : Number(digits);
      if (Number.isNaN(n) || (Number.isFinite(n) && !Number.isInteger(n))) {
        ctx.issues.push({ code: 'custom', message: 'words_format', input: v });
        return z.NEVER;
      }
      return n;
      }),
    ),
    z.number().check(z.positive('words_not_positive'), z.maximum(max, 'words_too_many')),
  );
