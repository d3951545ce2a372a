import { describe, expect, it, vi } from 'vitest';
import { contact, poster, recipient, request, text, useEmptyOutbox } from './forms-helpers';
import { get } from './helpers';
import { useFakeUpstreams } from './upstreams';

/** Input as an attacker writes it: a clear 4xx, never a 5xx, and nothing relayed through the confirmation. */
const { post, postJson } = poster('192.0.3');
const upstream = useFakeUpstreams();
useEmptyOutbox();

describe('the confirmation relays nothing the visitor typed', () => {
  it('the contact confirmation has no name and no message', async () => {
    const res = await postJson('/api/contact', {
      ...contact,
      firstName: 'Zebulon',
      lastName: 'Quaxley',
      message: 'Cheap watches here, call now',
    });
    expect(res.status).toBe(200);
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'camille@example.org')!;
    for (const type of ['text/plain', 'text/html']) {
      expect(text(toVisitor, type)).not.toContain('Zebulon');
      expect(text(toVisitor, type)).not.toContain('Quaxley');
      expect(text(toVisitor, type)).not.toContain('Cheap watches');
    }
    expect(toVisitor.body.personalizations[0]!.to[0]!.name).toBeUndefined();
  });

  it('the estimate confirmation has no comment', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, comments: 'Visit spam.example for deals' });
    expect(res.status).toBe(200);
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    expect(text(toVisitor)).not.toContain('spam.example');
    expect(text(toVisitor, 'text/html')).not.toContain('spam.example');
  });

  it.each([
    ['firstName', 'Visit https://spam.example'],
    ['firstName', 'www.spam.example'],
    ['lastName', 'spam.example/win'],
    ['lastName', 'eve@spam.example'],
    ['lastName', 'eve＠spam'],
    ['firstName', 'spam。example'],
    ['firstName', 'spam\u200d.example'],
    ['firstName', 'spam．example'],
  ])('refuses a %s with a link or an @: %j', async (field, value) => {
    const res = await postJson('/api/contact', { ...contact, locale: 'en', [field]: value });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field, code: 'name_link', message: 'A name cannot contain a web address or an @ sign.' },
    ]);
    expect(upstream().mails).toHaveLength(0);
  });

  it('still accepts ordinary names with dots, hyphens and apostrophes', async () => {
    const res = await postJson('/api/contact', { ...contact, firstName: 'J. Marie-Ève', lastName: 'd’Andrès O’Neill' });
    expect(res.status).toBe(200);
  });
});

describe('bad input gets a clear 4xx, never a 5xx', () => {
  it.each([
    ['a 600-byte page path', `/${'a'.repeat(600)}`],
    ['a 2 KB page path', `/${'abc-'.repeat(512)}`],
    ['a 600-byte English path', `/en/${'a'.repeat(600)}`],
    ['a 600-byte asset path', `/assets/${'a'.repeat(600)}.js`],
    ['a 600-byte short link with a hyphen', `/${'ab-'.repeat(200)}x`],
    ['a 600-byte job path', `/jobs/${'a'.repeat(600)}`],
  ])('%s answers the 404 page', async (_, path) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await get(path, { Cookie: 'lang=fr' });
    expect([404, 414]).toContain(res.status);
    expect(await res.text()).toMatch(/<h2 id="popular-pages">(Pages populaires|Popular pages)<\/h2>/);
    expect(error).not.toHaveBeenCalled();
  });

  it('an upload the client abandons mid-body ends quietly with a 400', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) {
            sent = true;
            controller.enqueue(new TextEncoder().encode('{"firstName":"Cam'));
          } else controller.error(new TypeError('Network connection lost.'));
        },
      });
      const res = await post('/api/contact', body, { 'Content-Type': type, Accept: 'application/json' });
      expect(res.status).toBe(400);
    }
    expect(error).not.toHaveBeenCalled();
    expect(upstream().mails).toHaveLength(0);
  });

  const invisible = {
    NUL: '\u0000',
    BEL: '\u0007',
    'C1 NEL': '\u0085',
    'LINE SEPARATOR': '\u2028',
    'PARAGRAPH SEPARATOR': '\u2029',
    RLO: '\u202e',
    LRE: '\u202a',
    'RL isolate': '\u2067',
    'pop isolate': '\u2069',
    LRM: '\u200e',
    'soft hyphen': '\u00ad',
    'zero-width space': '\u200b',
    'word joiner': '\u2060',
    BOM: '\ufeff',
    'tag A': '\u{E0041}',
    'lone surrogate': '\ud800',
  };
  for (const field of ['firstName', 'lastName', 'email', 'phone'] as const) {
    it.each(Object.entries(invisible))(`refuses %s in ${field} with a field error`, async (_, ch) => {
      const value = field === 'email' ? `camille${ch}@example.org` : field === 'phone' ? `+41 21${ch}000 00 00` : `Cam${ch}ille`;
      const res = await postJson('/api/contact', { ...contact, locale: 'en', [field]: value });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
        { field, code: 'invisible_chars', message: 'This field contains invisible or control characters. Please retype it.' },
      ]);
    });
  }

  it('refuses them at the edges of a single-line field too (not trimmed away)', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, email: 'client@example.org\u2028' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string; code: string }[] }).errors).toEqual([
      expect.objectContaining({ field: 'email', code: 'invisible_chars' }),
    ]);
  });

  it('keeps only newline and tab in the message: the rest is removed before it is mailed', async () => {
    const res = await postJson('/api/contact', { ...contact, message: 'Ligne 1\r\n\tLigne 2\u0000\u202e\u2028\u200e\u00ad fin\u0007' });
    expect(res.status).toBe(200);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Ligne 1\n\tLigne 2 fin\n');
    expect(text(toAssociation)).not.toMatch(/[\u0000\u0007\u202e\u2028\u200e\u00ad\r]/);
  });

  it('keeps the joiners that scripts and emoji need, in names and messages', async () => {
    const res = await postJson('/api/contact', {
      ...contact,
      firstName: 'Mohammad\u200cReza',
      message: 'Développeuse 👩\u200d💻 cherche un site',
    });
    expect(res.status).toBe(200);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Mohammad\u200cReza');
    expect(text(toAssociation)).toContain('👩\u200d💻');
  });

  it.each(['0x10', '1e3', '+5', '12.0', '1.000', '1,000', '١٢', "2''000", "'2000", "2000'", '- 5', '2\u2028000'])(
    'refuses words = %j: not a count',
    async (words) => {
      const res = await postJson('/api/translation-estimate', { ...request, words });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: { field: string; code: string; message: string }[] }).errors).toEqual([
        { field: 'words', code: 'not_a_count', message: "Enter the number of words in figures, for example 1200 or 1'200." },
      ]);
    },
  );

  it.each([
    ["2'000", 2000],
    ['2’000', 2000],
    ['2 000', 2000],
    ['2\u00a0000', 2000],
    ['2\u202f000', 2000],
    [" 1'000'000 ", 1_000_000],
    ['002000', 2000],
  ] as const)("reads words = %j as %d: the Swiss ways of grouping digits, the site's own included", async (words, expected) => {
    const res = await postJson('/api/translation-estimate', { ...request, words });
    expect(res.status).toBe(200);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation).replace(/[\u00a0\u202f’' ]/g, '')).toContain(`Nombredemots:${expected}`);
  });

  it('accepts words with surrounding spaces or leading zeros, and refuses more than the maximum, however long', async () => {
    const ok = await postJson('/api/translation-estimate', { ...request, words: ' 12 ' });
    expect(ok.status).toBe(200);
    // Leading zeros are read as the number they pad: the same estimate as for 1 word.
    const estimateOf = async (words: string) =>
      ((await (await postJson('/api/translation-estimate', { ...request, words })).json()) as { result: unknown }).result;
    expect(await estimateOf('0000000001')).toEqual(await estimateOf('1'));
    expect(await estimateOf('0000000001')).toMatchObject({ amount: 120 });
    const long = await postJson('/api/translation-estimate', { ...request, words: '12345678901234' });
    expect(((await long.json()) as { errors: { code: string }[] }).errors).toEqual([
      expect.objectContaining({ field: 'words', code: 'too_many' }),
    ]);
    const tooMany = await postJson('/api/translation-estimate', { ...request, words: '1000001' });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { errors: { code: string }[] }).errors).toEqual([
      {
        field: 'words',
        code: 'too_many',
        message: expect.stringMatching(/^For more than 1[’']000[’']000 words, please ask us for a quote through the contact form\.$/),
      },
    ]);
  });

  it('a 429 says when to come back (Retry-After, in seconds)', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 7; i++)
      last = await post(
        '/api/contact',
        JSON.stringify({ ...contact, locale: 'en' }),
        { 'Content-Type': 'application/json' },
        { ip: '203.0.113.77' },
      );
    expect(last!.status).toBe(429);
    expect(last!.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s /api/contact answers 405 JSON with Allow: POST', async (method) => {
    const res = await get('/api/contact', {}, method);
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ ok: false, message: expect.any(String) });
  });

  it('HEAD and GET on the other API answer 405 too', async () => {
    expect((await get('/api/translation-estimate', {}, 'HEAD')).status).toBe(405);
    const res = await get('/api/translation-estimate');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
  });
});

describe('the body is read as what its media type says', () => {
  it('a multipart body whose boundary mentions json is still a form', async () => {
    const boundary = 'json-boundary-123';
    const parts = Object.entries({ ...contact, locale: 'en' }).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const res = await post('/api/contact', `${parts.join('')}--${boundary}--\r\n`, {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      Accept: 'application/json',
    });
    expect(res.status).toBe(200);
    expect(upstream().mails.map(recipient).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch']);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Nous aimerions refaire notre site.');
  });
});

describe('the signature generator cleans its fields with the same rule', () => {
  it('drops bidi overrides and other invisible characters from what it renders without JavaScript', async () => {
    const res = await get(
      `/tools/signature-generator?name=${encodeURIComponent('Cam\u202eille\u00ad Test\u2028')}&role=${encodeURIComponent('Chef\u0000fe')}`,
      { Cookie: 'lang=fr' },
    );
    const html = await res.text();
    expect(html).toContain('value="Camille Test"');
    expect(html).toContain('value="Cheffe"');
    expect(html).not.toMatch(/[\u202e\u00ad\u2028\u0000]/);
  });
});
