// The checks of the settings' values (worker/declared-settings.ts): plain
// functions, no schema library, cheap enough for every cold start. Each says
// what is wrong with a value that is set, in the words zod would use, or
// nothing when it is fine. Plain TypeScript with `.ts` imports: the scripts
// (node, which strips the types) read the declaration too.
import { isEmail } from '../client/forms/email.ts';

/** What is wrong with a value, or undefined when it is fine. */
export type Check = (value: string) => string | undefined;

/** An http or https address. */
export const httpUrl: Check = (value) => {
  try {
    return /^https?:$/.test(new URL(value).protocol) ? undefined : 'must be an http(s) URL';
  } catch {
    return 'must be an http(s) URL';
  }
};

/** https, or http on this computer only (the tests' fake services): these addresses are sent a secret. */
export const secretSafeUrl: Check = (value) => {
  const message = 'must be an https URL (http only on localhost)';
  try {
    const url = new URL(value);
    const safe = url.protocol === 'https:' || (url.protocol === 'http:' && /^(?:localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname));
    return safe ? undefined : message;
  } catch {
    return message;
  }
};

/** An address a mail server takes: the forms' rule (client/forms/email.ts). */
export const email: Check = (value) => (isEmail(value) ? undefined : 'must be an e-mail address');

/** A phone number as a visitor reads it; blank counts as unset. */
export const phone: Check = (value) => {
  const trimmed = value.trim();
  return trimmed && !/^\+?[0-9 ]{6,20}$/.test(trimmed) ? 'digits and spaces, e.g. "+41 21 000 00 00"' : undefined;
};

/** Set, but to nothing. */
export const notEmpty: Check = (value) => (value === '' ? 'is not set' : undefined);

/** One of a few values. */
export const isOneOf =
  (values: readonly string[]): Check =>
  (value) =>
    values.includes(value) ? undefined : `must be one of ${values.join(', ')}`;

/** An address without its trailing slashes. */
export const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');
