import manifestJSON from '__STATIC_CONTENT_MANIFEST';
import { describe, expect, it } from 'vitest';
import manifest from '../../dist/manifest.json';
import { staticKey } from '../../worker/platform/static-files';
import { get } from './helpers';

describe('static files from KV', () => {
  it('serves content-hashed files as immutable for a year', async () => {
    for (const file of [manifest.css, manifest.entry.file, manifest.islands.SignatureGenerator.file, manifest.cms.entry]) {
      const res = await get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await get(manifest.css)).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await get(manifest.entry.file)).headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
  });

  it('serves other files short-lived, with an ETag that answers 304', async () => {
    const res = await get('/images/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600, must-revalidate');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await get('/images/logo.svg', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await get('/images/logo.svg', { 'If-None-Match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('serves the e-mail signature’s logo as a PNG that webmail pages of other sites may show, revalidations included', async () => {
    const res = await get('/images/email/logo.png', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': 'image' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // 192 px square (IHDR): three times the 64 px the signature shows, sharp on a phone.
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([192, 192]);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const again = await get('/images/email/logo.png', { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Every other file stays this site's own, and so does the 404 page under that folder.
    expect((await get('/images/logo.svg')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const missing = await get('/images/email/nothing-here.png');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // Decided on the path as sent, never a decoded one.
    expect((await get('/images/%65mail/logo.png')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('serves the statutes as a real PDF that says it stands in for the signed ones', async () => {
    const res = await get('/legal/statuts_jeepfl.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table points at real objects: a reader can open it.
    const startxref = Number(/startxref\s+(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    expect(text).toContain('remplace provisoirement les statuts sign');
    expect(text).toContain("stands in for the association's signed articles");
  });

  it('lets a missing file fall through to the 404 page', async () => {
    const res = await get('/images/missing.png', { Cookie: 'lang=fr' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe("the bucket's manifest, read without parsing it whole", () => {
  it('gives every file the key JSON.parse gives it, and nothing for a name that is no file', () => {
    const files = JSON.parse(manifestJSON) as Record<string, string>;
    expect(Object.keys(files).length).toBeGreaterThan(50);
    for (const [file, key] of Object.entries(files)) expect(staticKey(file), file).toBe(key);
    for (const name of ['constructor', '__proto__', 'toString', '', 'images', 'images/', '"', 'images/logo.svg"', 'x":"y'])
      expect(staticKey(name), name).toBeUndefined();
  });
});
