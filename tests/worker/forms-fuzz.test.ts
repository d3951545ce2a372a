import { describe, expect, it, vi } from 'vitest';
import { contact, poster, request, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

const { post } = poster('192.0.4');
const upstream = useFakeUpstreams();
useEmptyOutbox();

describe('fuzzing both endpoints', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function rng(seed: number) {
    return () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
  }
  const odd = [
    '',
    ' ',
    '\u0000',
    '\r\n',
    '\u2028',
    '\u202e',
    '\ud800',
    '💥',
    '<script>',
    '%',
    '&',
    '=',
    '"',
    '\\',
    'é'.repeat(300),
    'x'.repeat(3000),
    '0x10',
    '-1',
    '1e309',
    'NaN',
  ];

  it('never answers 5xx, never logs an error, never mails without a verified token', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const random = rng(20261123);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const value = (depth = 0): unknown => {
      const kind = Math.floor(random() * (depth > 2 ? 5 : 7));
      return [
        () => pick(odd),
        () => random() * 1e12 - 5e11,
        () => null,
        () => random() < 0.5,
        () => pick(odd) + pick(odd),
        () => [value(depth + 1), value(depth + 1)],
        () => ({ [pick(odd)]: value(depth + 1) }),
      ][kind]!();
    };
    const seen: Record<number, number> = {};
    const names = [
      'firstName',
      'lastName',
      'email',
      'phone',
      'source',
      'message',
      'topic',
      'service',
      'words',
      'sourceLanguage',
      'targetLanguages',
      'comments',
      'locale',
      'page',
      'website',
      'cf-turnstile-response',
      '__proto__',
      'constructor',
    ];
    for (let i = 0; i < 400; i++) {
      const path = pick(['/api/contact', '/api/translation-estimate']);
      // Half the time a valid submission with one or two fields mutated, so later steps are reached too.
      const valid: Record<string, unknown> = path === '/api/contact' ? { ...contact } : { ...request };
      const fields =
        random() < 0.5
          ? { ...valid, [pick(names)]: value(), ...(random() < 0.5 ? { [pick(names)]: value() } : {}) }
          : Object.fromEntries(names.filter(() => random() < 0.6).map((n) => [n, value()]));
      const kind = pick(['json', 'json', 'raw-json', 'urlencoded', 'urlencoded', 'multipart', 'bytes', 'huge', 'text'] as const);
      let body: BodyInit;
      let type: string;
      if (kind === 'json') [body, type] = [JSON.stringify(fields), 'application/json'];
      else if (kind === 'urlencoded' && Array.isArray(fields.targetLanguages)) {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, String(one));
        [body, type] = [form.toString(), 'application/x-www-form-urlencoded'];
      } else if (kind === 'raw-json') [body, type] = [JSON.stringify(value()), 'application/json'];
      else if (kind === 'urlencoded') {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) for (let r = 0; r < 1 + Math.floor(random() * 3); r++) form.append(k, String(v));
        [body, type] = [form.toString(), 'application/x-www-form-urlencoded'];
      } else if (kind === 'multipart') {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, random() < 0.2 ? new File([String(v)], 'x.txt') : String(v));
        body = form;
        type = '';
      } else if (kind === 'huge') {
        [body, type] = [JSON.stringify({ ...fields, message: 'x'.repeat(40_000) }), 'application/json'];
      } else if (kind === 'text') {
        [body, type] = [JSON.stringify(fields), pick(['text/plain', 'application/xml', 'application/jsonx', ''])];
      } else {
        [body, type] = [
          new Uint8Array(Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256))),
          pick(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz']),
        ];
      }
      const res = await post(path, body, {
        ...(type || kind === 'multipart' ? (type ? { 'Content-Type': type } : {}) : { 'Content-Type': '' }),
        Accept: pick(['application/json', 'text/html']),
      });
      expect(res.status, `${kind} #${i}`).toBeLessThan(500);
      seen[res.status] = (seen[res.status] ?? 0) + 1;
      await res.arrayBuffer();
    }
    // Every step of the pipeline was reached: refused bodies, types and sizes, rate limits, accepted posts.
    expect(Object.keys(seen).map(Number).sort()).toEqual(expect.arrayContaining([200, 303, 400, 413, 415]));
    expect(error).not.toHaveBeenCalled();
    // Every mail that went out followed a token that siteverify accepted.
    expect(upstream().mails.length).toBeLessThanOrEqual(upstream().verified.length * 2);
  }, 30_000); // 400 requests: seconds of work, over the 5 s default when another file runs beside it
});
