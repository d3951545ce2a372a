import { describe, expect, it } from 'vitest';
import { emailAddress, isEmail } from '../../client/forms/fields';

/**
 * E-mail addresses as the RFCs allow them (issue 30): the visitor's address
 * becomes the association's Reply-To, and one a provider refuses would lose
 * the association's copy. RFC 5321 and RFC 1035 limits: 254 characters in
 * all, 64 in the local part, 63 in a domain label.
 */
const local64 = 'l'.repeat(64);
const label63 = 'a'.repeat(63);
/** 64 + 1 + 63 + 1 + 63 + 1 + 58 + 1 + 2 = 254 characters, every part within its own limit. */
const whole254 = `${local64}@${label63}.${'b'.repeat(63)}.${'c'.repeat(58)}.ch`;
/** One more character in the third label: 255 in all, the parts still within theirs. */
const whole255 = `${local64}@${label63}.${'b'.repeat(63)}.${'c'.repeat(59)}.ch`;

describe('isEmail: the limits', () => {
  it('takes the longest address of each kind, and refuses one character more', () => {
    expect(whole254).toHaveLength(254);
    expect(whole255).toHaveLength(255);
    expect(isEmail(whole254)).toBe(true);
    expect(isEmail(whole255)).toBe(false);
    expect(isEmail(`${local64}@example.ch`)).toBe(true);
    expect(isEmail(`${local64}x@example.ch`)).toBe(false);
    expect(isEmail(`a@${label63}.ch`)).toBe(true);
    expect(isEmail(`a@${label63}a.ch`)).toBe(false);
    expect(isEmail(`a@example.${'c'.repeat(63)}`)).toBe(true);
    expect(isEmail(`a@example.${'c'.repeat(64)}`)).toBe(false);
  });

  it('the form field and the configuration share the rule (the field trims first)', () => {
    expect(emailAddress()(` ${whole254} `)).toEqual({ ok: true, value: whole254 });
    expect(emailAddress()(whole255)).toEqual({ ok: false, code: 'false_email' });
    expect(emailAddress()(`${local64}x@example.ch`)).toEqual({ ok: false, code: 'false_email' });
    expect(emailAddress()('a@b-.ch')).toEqual({ ok: false, code: 'false_email' });
  });
});

describe('isEmail: what it takes', () => {
  it.each([
    'camille@example.org',
    'noreply@jeepfl.ch',
    'Camille.Martin@Example.CH',
    "o'brien@example.ie",
    'first.middle.last@example.ch',
    'a+tag@sub.example.co.uk',
    'under_score-and-hyphen@example.ch',
    '1234@example.ch',
    'a@b.ch',
    'a@123.example.ch',
    'a@x-y--z.example.ch',
    'a@xn--bcher-kva.ch',
    'a@example.xn--p1ai',
    'a@example.c0m',
  ])('%s', (address) => {
    expect(isEmail(address)).toBe(true);
  });
});

describe('isEmail: what it refuses', () => {
  it.each([
    // Hyphens at the edges of a label
    ['a@b-.ch', 'a label ending with a hyphen'],
    ['a@-b.ch', 'a label starting with a hyphen'],
    ['a@b.-ch', 'a top-level domain starting with a hyphen'],
    ['a@b.ch-', 'a top-level domain ending with a hyphen'],
    // Dots in the local part
    ['a..b@c.ch', 'two dots in a row'],
    ['.a@c.ch', 'a leading dot'],
    ['a.@c.ch', 'a trailing dot'],
    ['.@c.ch', 'a dot alone'],
    ["a'@c.ch", 'a local part ending with an apostrophe'],
    // The domain's shape
    ['a@c', 'a single label'],
    ['a@b..ch', 'an empty label'],
    ['a@.b.ch', 'a leading dot in the domain'],
    ['a@b.ch.', 'a trailing dot in the domain'],
    ['a@b.c', 'a one-letter top-level domain'],
    ['a@1.23', 'a numeric top-level domain'],
    ['a@192.168.0.1', 'an IP address as the domain'],
    ['a@[127.0.0.1]', 'an address literal'],
    ['a@b_c.ch', 'an underscore in the domain'],
    // The @
    ['', 'nothing'],
    ['@b.ch', 'no local part'],
    ['a@', 'no domain'],
    ['ab.ch', 'no @'],
    ['a@@b.ch', 'two @ in a row'],
    ['a@b@c.ch', 'two @'],
    ['a\uff20b.ch', 'a fullwidth @'],
    // Not supported, as before: quoted local parts, spaces, internationalised addresses
    ['"a b"@c.ch', 'a quoted local part'],
    ['a b@c.ch', 'a space'],
    [' a@c.ch', 'a leading space (the form field trims; the rule does not)'],
    ['jos\u00e9@example.ch', 'a non-ASCII local part'],
    ['a@ex\u00e4mple.ch', 'a non-ASCII domain (written xn--…, it is fine)'],
    ['a@example.\u0440\u0444', 'a non-ASCII top-level domain'],
    ['a@b.ch\n', 'a trailing newline'],
    ['a@b.ch\u200b', 'an invisible character'],
  ])('%j: %s', (address) => {
    expect(isEmail(address)).toBe(false);
  });
});

/**
 * Linear time (DESIGN.md §5), measured as the forms' other rules are
 * (tests/worker/linear-time.test.ts): inputs built to make a careless rule
 * slow, against a plain address of the same length, as a ratio. The rule is
 * called directly, many times: the form's body-level test cannot see it, as
 * every field of 32 KB is past the length limit at once.
 */
describe('isEmail runs in linear time', () => {
  const CALLS = 10_000;
  const MAX_RATIO = 8;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const time = (input: string) => {
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) isEmail(input);
    return performance.now() - start;
  };
  /** Median of alternating rounds (about 10 ms each: the Worker's clock counts whole milliseconds), with a floor of 1 ms. */
  const ratio = (worst: string, plain: string) => {
    const times = { worst: [] as number[], plain: [] as number[] };
    time(plain);
    for (let round = 0; round < 7; round++) {
      times.worst.push(time(worst));
      times.plain.push(time(plain));
    }
    return Math.max(median(times.worst), 1) / Math.max(median(times.plain), 1);
  };
  /** A plain valid address of `length` characters: the whole scan, with nothing to make it slow. */
  const plainOf = (length: number) => {
    const domain = `${label63}.${label63}.${'x'.repeat(length - 64 - 1 - 64 - 64 - 3)}.ch`;
    return `${local64}@${domain}`;
  };
  const worstCases = [
    `${'a.'.repeat(31)}ab@${'a.'.repeat(93)}ach`,
    `${"a'".repeat(31)}ab@${'a-'.repeat(31)}a.${'1.'.repeat(61)}c1h`,
    `${'a'.repeat(64)}@${'a-'.repeat(31)}a.${'-'.repeat(63)}.${'a'.repeat(58)}.ch`,
    `${'a.'.repeat(31)}aa@${'9.'.repeat(93)}99a`,
    `${local64}@${'1.'.repeat(93)}123`,
    `${local64}@${label63}.${label63}.${'a'.repeat(59)}@c`,
    `${local64}@${label63}.${label63}.${'b'.repeat(59)}..`,
  ];

  it.each(worstCases.map((w) => [`${w.slice(0, 16)}… (${w.length})`, w]))('%s: about as fast as a plain address', (_, worst) => {
    expect(worst.length).toBe(254);
    expect(ratio(worst, plainOf(worst.length))).toBeLessThan(MAX_RATIO);
  });

  it('a megabyte costs no more than 254 characters: the length is checked first', () => {
    const huge = `${'a.'.repeat(250_000)}@${'a-'.repeat(250_000)}.ch`;
    expect(isEmail(huge)).toBe(false);
    expect(ratio(huge, plainOf(254))).toBeLessThan(MAX_RATIO);
  });
});
