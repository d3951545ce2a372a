import { describe, expect, it, vi } from 'vitest';
import { contact, poster, request } from './forms-helpers';
import { get } from './helpers';
import { useFakeUpstreams } from './upstreams';

/**
 * Every rule that reads visitor input runs in linear time. For each field of
 * both forms, a 32 KB body built to make a rule backtrack (the attacker's
 * input) must be answered about as fast as a body of the same size that
 * holds plain letters instead, measured side by side in this run, as a ratio.
 * `/^\s*0*(\d+)\s*$/` took 0.8 s on 32 KB of zeros: hundreds of times the plain body.
 */
const { post } = poster('192.0.6');
useFakeUpstreams();

/** Close to the 32 KiB body limit, leaving room for the other fields. */
const SIZE = 31_000;
/** Worst and plain must stay within this factor: linear rules stay near 1, quadratic ones go to the hundreds. */
const MAX_RATIO = 8;

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median time of `runs` rounds, each running every probe once: worst and plain alternate, so both see the same machine. */
async function compare(worst: () => Promise<unknown>, plain: () => Promise<unknown>, runs = 5) {
  const times = { worst: [] as number[], plain: [] as number[] };
  await plain(); // warm up the code paths once
  for (let i = 0; i < runs; i++) {
    for (const [name, probe] of [
      ['worst', worst],
      ['plain', plain],
    ] as const) {
      const start = performance.now();
      await probe();
      times[name].push(performance.now() - start);
    }
  }
  // A floor of 1 ms: below that the clock's resolution, not the rule, makes the ratio.
  return { ratio: Math.max(median(times.worst), 1) / Math.max(median(times.plain), 1), ...times };
}

const repeatTo = (unit: string, length = SIZE) => unit.repeat(Math.floor(length / unit.length));

/** Per field: inputs that make careless rules backtrack, and a plain input of the same length. */
const worstCases: Record<string, string[]> = {
  words: [`${repeatTo('0')}x`, `${repeatTo(' ')}1x`, `${repeatTo("1'")}x`, `-${repeatTo('0')}x`],
  // Past 254 characters an address is refused before it is read: tests/unit/email.test.ts times isEmail on worst cases within the limit.
  email: [repeatTo('a'), `${repeatTo('a.')}@`, `${repeatTo('a')}@${'a'.repeat(10)}`, `a@${repeatTo('a-')}.c`],
  firstName: [repeatTo('a'), repeatTo('a.'), repeatTo('\u200d')],
  lastName: [repeatTo('-a'), repeatTo(' ')],
  phone: [repeatTo('1'), repeatTo('(1) ')],
  message: [repeatTo('\r'), repeatTo('\r\n'), repeatTo('\u200b'), repeatTo('a ')],
  comments: [repeatTo('\r'), repeatTo('\u202e')],
  source: [repeatTo('a')],
  service: [repeatTo('a')],
  sourceLanguage: [repeatTo('a')],
  'cf-turnstile-response': [repeatTo(' '), repeatTo('a')],
  locale: [repeatTo('e')],
  page: [repeatTo('a')],
  topic: [repeatTo('a')],
  website: [repeatTo('a')],
};

describe('every rule that reads a form field runs in linear time', () => {
  for (const [field, inputs] of Object.entries(worstCases)) {
    it(`${field}: a 32 KB worst case answers about as fast as 32 KB of plain letters`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      for (const input of inputs) {
        const [path, base] = field in request ? ['/api/translation-estimate', request] : ['/api/contact', contact];
        const body = (value: string) => JSON.stringify({ ...base, [field]: value });
        const plain = body('x'.repeat(input.length));
        const worst = body(input);
        const send = (b: string) => async () => {
          const res = await post(path, b, { 'Content-Type': 'application/json', Accept: 'application/json' });
          expect(res.status).toBeLessThan(500);
          await res.arrayBuffer();
        };
        const result = await compare(send(worst), send(plain));
        expect(
          result.ratio,
          `${field} = ${JSON.stringify(input.slice(0, 12))}… (${input.length} chars): ${JSON.stringify(result)}`,
        ).toBeLessThan(MAX_RATIO);
      }
    });
  }

  it('target languages: a list of thousands of entries is read in one pass', async () => {
    const body = (list: string[]) => JSON.stringify({ ...request, targetLanguages: list });
    const worst = body(Array.from({ length: 6000 }, () => 'en'));
    const plain = body(Array.from({ length: 6000 }, () => 'xx'));
    const send = (b: string) => () =>
      post('/api/translation-estimate', b, { 'Content-Type': 'application/json', Accept: 'application/json' }).then((r) => r.arrayBuffer());
    expect((await compare(send(worst), send(plain))).ratio).toBeLessThan(MAX_RATIO);
  });
});

describe('the request headers the Worker reads run in linear time too', () => {
  const HEADER = 16_000;
  it.each([
    ['Accept-Language', repeatTo('en;q=0.5,', HEADER), repeatTo('x', HEADER)],
    ['Accept-Language', repeatTo('a-', HEADER), repeatTo('x', HEADER)],
    ['User-Agent', repeatTo('bo', HEADER), repeatTo('x', HEADER)],
    ['Accept-Language', `en${repeatTo(';q=1', HEADER)}`, repeatTo('x', HEADER)],
    ['Cookie', repeatTo('lang=e;', HEADER), repeatTo('x', HEADER)],
    ['Cookie', `;${' '.repeat(HEADER)}`, repeatTo('x', HEADER)],
    ['Referer', `https://jeepfl.ch/${repeatTo('en/', HEADER)}`, `https://jeepfl.ch/${repeatTo('x', HEADER)}`],
  ])('%s: a worst case answers about as fast as a plain value', async (name, worst, plain) => {
    const probe = (value: string) => async () => (await get('/team', { [name]: value })).arrayBuffer();
    expect((await compare(probe(worst), probe(plain))).ratio).toBeLessThan(MAX_RATIO);
  });
});
