import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../worker/routes/content-types.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the static files’ content types (worker/routes/content-types.ts)', () => {
  it('name a type for every kind of file the build puts in the [site] bucket', async () => {
    const files = (await readdir(path.join(root, 'dist/public'), { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(10);
    const untyped = files.map((d) => d.name).filter((name) => !CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()]);
    expect(untyped, 'add their extension to CONTENT_TYPES').toEqual([]);
  });

  it('give text its charset, and nothing else one', () => {
    for (const [ext, type] of Object.entries(CONTENT_TYPES)) {
      const text = type.startsWith('text/') || type.startsWith('application/javascript');
      expect(type.endsWith('; charset=utf-8'), ext).toBe(text);
    }
  });
});
