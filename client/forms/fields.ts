import { z } from 'zod';

/**
 * Rules the fields of both forms share (the island and the Worker run the
 * same ones). Each rule's message is an error code; `errorMessage` turns it
 * into the visitor's language.
 *
 * Anything a visitor types may reach an e-mail, a header even. Control and
 * invisible characters (C0 and C1 controls, line and paragraph separators,
 * bidi embeddings, overrides and isolates, zero-width space, byte-order mark)
 * are refused in one-line fields, before trimming, which would hide some of
 * them at the edges. In free text only newline and tab are kept, and every
 * line ending becomes a newline.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const INVISIBLE_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** A web or e-mail address inside a name: `@`, `://`, `www.`, or a domain such as `spam.example`. */
const LINK = /@|:\/\/|www\.|[\p{L}\p{N}-]\.[a-z]{2,}/iu;

/** The Turnstile token and the honeypot travel with the fields under these names. */
export const CAPTCHA_FIELD = 'cf-turnstile-response';
export const HONEYPOT_FIELD = 'website';

export const oneLine = (max: number, missing = 'required') =>
  z
    .string(missing)
    .refine((v) => !INVISIBLE.test(v), 'invisible_chars')
    .trim()
    .max(max, 'too_long');

/** A first or last name: no link and no `@`, so the association's inbox never shows a stranger's URL as a name. */
export const personName = (max = 100) =>
  oneLine(max)
    .min(1, 'required')
    .refine((v) => !LINK.test(v), 'name_link');

export const emailAddress = (code = 'false_email') =>
  z
    .string(code)
    .refine((v) => !INVISIBLE.test(v), 'invisible_chars')
    .trim()
    .max(254, code)
    .pipe(z.email(code));

/** Multi-line text (a message, comments): line endings normalised, invisible characters dropped, then bounded. */
export const freeText = (max: number) =>
  z
    .string('required')
    .transform((v) => v.replace(/\r\n?/g, '\n').replace(INVISIBLE_IN_TEXT, '').trim())
    .pipe(z.string().max(max, 'long_message'));

/**
 * A count typed by a person: digits only (spaces around them are fine), so
 * `0x10`, `1e3`, `+5` or `12.0` are refused rather than guessed at.
 */
export const wholeNumber = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) {
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      const digits = typeof v === 'string' ? /^\s*(\d+)\s*$/.exec(v)?.[1] : undefined;
      // Past nine digits the exact value does not matter: it is over any maximum.
      const n = typeof v === 'number' ? v : digits === undefined ? NaN : digits.length > 9 ? Infinity : Number(digits);
      if (Number.isNaN(n) || (Number.isFinite(n) && !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message: 'words_format' });
        return z.NEVER;
      }
      return n;
    })
    .pipe(z.number().positive('words_not_positive').max(max, 'words_too_many'));
