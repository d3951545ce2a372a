import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { covers, unicodeRange } from '../../scripts/make-font.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

/** Every string inside a JSON document. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the subset font (scripts/make-font.mjs)', () => {
  it('has a glyph for every character the locales and the content write', async () => {
    const texts = [
      ...strings(JSON.parse(await read('locales/fr.json'))),
      ...strings(JSON.parse(await read('locales/en.json'))),
      ...strings(JSON.parse(await read('dist/content.json'))),
    ];
    const missing = new Set<string>();
    for (const text of texts) {
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        if (cp >= 0x20 && !covers(cp)) missing.add(`U+${cp.toString(16).toUpperCase().padStart(4, '0')} ${ch}`);
      }
    }
    expect([...missing], 'add these to RANGES and run npm run font').toEqual([]);
  });

  it('is declared in tokens.css with the range it was cut to', async () => {
    // The formatter may wrap the declaration: compare with runs of white space as one space.
    const css = (await read('client/styles/tokens.css')).replace(/\s+/g, ' ');
    expect(css).toContain(`unicode-range: ${unicodeRange()};`);
  });
});
