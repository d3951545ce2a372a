// The e-mail address check, on its own: the Worker checks its settings'
// addresses with it at every cold start (worker/env.ts), without the rest of
// ./fields.ts, which loads with the forms.

/**
 * An address a mail server will take, within the limits of RFC 5321 and
 * RFC 1035: at most 254 characters in all, a local part of 1 to 64, domain
 * labels of 1 to 63. A provider refuses anything longer, and the visitor's
 * address is the association's Reply-To: an address refused there would
 * lose the association's copy (issue 30).
 *
 * - Local part: a dot-atom of words of letters, digits and `_'+-`, joined by
 *   single dots (no dot first, last or twice in a row), not ending with an
 *   apostrophe. No quoted strings (`"a b"@…`).
 * - Domain: at least two labels of letters, digits and hyphens, none starting
 *   or ending with a hyphen; the last (the top-level domain) has at least two
 *   characters and is not all digits. No address literals (`a@[127.0.0.1]`).
 * - ASCII only: an internationalised address (`josé@…`, `…@exämple.ch`) is
 *   refused, as it always was; a domain in its ASCII form (`xn--…`) is fine.
 *
 * One pass over the text, each character looked at once, no regular
 * expression: no input can make it slow (tests/unit/email.test.ts).
 */
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const MAX_LABEL = 63;
const DOT = 0x2e;
const HYPHEN = 0x2d;
const APOSTROPHE = 0x27;
const isAsciiLetterOrDigit = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
/** `_`, `'`, `+`, `-`: the local part's characters besides letters, digits and the dots between its words. */
const isLocalSymbol = (c: number) => c === 0x5f || c === APOSTROPHE || c === 0x2b || c === HYPHEN;
export function isEmail(value: string): boolean {
  if (value.length > MAX_ADDRESS) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > MAX_LOCAL) return false;
  for (let i = 0; i < at; i++) {
    const c = value.charCodeAt(i);
    if (c === DOT) {
      if (i === 0 || i === at - 1 || value.charCodeAt(i - 1) === DOT) return false;
    } else if (!isAsciiLetterOrDigit(c) && !isLocalSymbol(c)) return false;
  }
  if (value.charCodeAt(at - 1) === APOSTROPHE) return false;
  // The domain, label by label: each ends at a dot or at the end (a second `@` is no label character).
  let labels = 0;
  let start = at + 1;
  let digitsOnly = true;
  for (let i = start; i <= value.length; i++) {
    const c = i < value.length ? value.charCodeAt(i) : DOT;
    if (c !== DOT) {
      if (!isAsciiLetterOrDigit(c) && c !== HYPHEN) return false;
      if (c < 0x30 || c > 0x39) digitsOnly = false;
      continue;
    }
    const length = i - start;
    if (length < 1 || length > MAX_LABEL) return false;
    if (value.charCodeAt(start) === HYPHEN || value.charCodeAt(i - 1) === HYPHEN) return false;
    labels++;
    if (i === value.length) return labels >= 2 && length >= 2 && !digitsOnly; // the top-level domain
    start = i + 1;
    digitsOnly = true;
  }
  return false; // not reached: the loop ends on the last label
}
