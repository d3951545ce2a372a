import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { splitFrontMatter as untyped } from '../../scripts/content-markdown.mjs';

const splitFrontMatter = untyped as (source: string) => { data: Record<string, unknown> } | null;
const read = (yaml: string) => splitFrontMatter(`---\n${yaml}\n---\nBody.\n`)?.data;

describe('front matter as people (and the editor at /cms) type it', () => {
  it('reads a title with “: ” in it without quotes', () => {
    expect(read('title: Assemblée générale 2026 : un nouveau comité')).toEqual({ title: 'Assemblée générale 2026 : un nouveau comité' });
  });

  it('keeps a no-break space at the start of a list item’s value as part of the value', () => {
    // French typography puts U+00A0 and U+202F before “:”, “!”, “?”: a value may start with one.
    const nbsp = '\u00a0';
    expect(read(`offers:\n  - title: ${nbsp}Audit\n    text: Un audit${nbsp}: rapide`)).toEqual({
      offers: [{ title: `${nbsp}Audit`, text: `Un audit${nbsp}: rapide` }],
    });
    expect(read(`gallery:\n  - alt: \u202fVue du lac`)).toEqual({ gallery: [{ alt: '\u202fVue du lac' }] });
  });
});
