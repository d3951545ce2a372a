/**
 * Phone numbers as people type them, made callable: a Swiss number written in
 * its Swiss international form, any number linked in E.164, and what cannot be
 * a number left alone. Used by the e-mail signature (client/signature.ts), so
 * the desktop page, the phone page and the no-JavaScript preview agree.
 */

export interface CallablePhone {
  /** As shown: `+41 79 123 45 67` for a Swiss number; another country's as typed, `00` written `+`. */
  display: string;
  /** E.164, for `tel:` links: `+41791234567`. */
  e164: string;
}

/** What people put between digits: spaces (no-break ones too), dots, hyphens, slashes, brackets. */
const SEPARATORS = /[\s./()\u2010\u2011-]/g;
/** Anything else than digits, separators and `+`: letters, `ext.`, a second number after a comma… */
const FOREIGN = /[^\d\s./()\u2010\u2011+-]/;

/**
 * A Swiss number's 9 digits after +41, grouped as the Swiss write them:
 * `79 123 45 67`, `81 257 11 11` (Graubünden), `91 123 45 67` (Ticino); the
 * service numbers (0800 free, 084x shared cost, 0878 personal, 090x premium)
 * `800 123 456`.
 */
function swissGroups(nsn: string): string {
  return /^(?:80|84|87|90)/.test(nsn)
    ? `${nsn.slice(0, 3)} ${nsn.slice(3, 6)} ${nsn.slice(6)}`
    : `${nsn.slice(0, 2)} ${nsn.slice(2, 5)} ${nsn.slice(5, 7)} ${nsn.slice(7)}`;
}

/**
 * The number typed, made callable, or `undefined` when it cannot be one. A
 * number starting with a single 0 is Swiss (`079…`, `021…`); `+` or `00`
 * starts an international one, where a trunk `(0)` is dropped
 * (`+41 (0)79…`). A Swiss number must have its 9 digits after +41 (the first
 * not 0); another country's, 7 to 15 digits in all (E.164's bounds), is kept
 * as typed, since each country groups its digits its own way.
 *
 * @example callablePhone('0791234567') // { display: '+41 79 123 45 67', e164: '+41791234567' }
 * @example callablePhone('0033 6 12 34 56 78') // { display: '+33 6 12 34 56 78', e164: '+33612345678' }
 * @example callablePhone('079 12 34') // undefined
 */
export function callablePhone(typed: string): CallablePhone | undefined {
  const written = typed.replace(/\s+/g, ' ').trim();
  if (FOREIGN.test(written) || written.lastIndexOf('+') > 0) return undefined;
  const international = /^(?:\+|00)/.test(written);
  const digits = (international ? written.replace('(0)', '') : written).replace(SEPARATORS, '');
  // Country code and number, without the international prefix: a single leading 0 is Switzerland's trunk prefix.
  const abroad = /^(?:\+|00)([1-9]\d*)$/.exec(digits);
  const national = /^0([1-9]\d*)$/.exec(digits);
  const full = abroad ? abroad[1]! : national ? `41${national[1]}` : undefined;
  if (full === undefined) return undefined;
  if (full.startsWith('41')) {
    const nsn = full.slice(2);
    return /^[1-9]\d{8}$/.test(nsn) ? { display: `+41 ${swissGroups(nsn)}`, e164: `+${full}` } : undefined;
  }
  if (full.length < 7 || full.length > 15) return undefined;
  return { display: written.replace(/^00\s*/, '+'), e164: `+${full}` };
}
