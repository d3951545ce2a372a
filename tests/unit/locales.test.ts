import { describe, expect, it } from 'vitest';
import { createTranslator, plural } from '../../client/i18n';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const get = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k]!, tree) as string;

describe('locales/fr.json and locales/en.json', () => {
  it('hold exactly the same keys', () => {
    const frKeys = leaves(fr as Tree);
    const enKeys = leaves(en as Tree);
    expect(
      frKeys.filter((k) => !enKeys.includes(k)),
      'only in fr.json',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !frKeys.includes(k)),
      'only in en.json',
    ).toEqual([]);
  });

  it('have no empty message and the same placeholders in both languages', () => {
    for (const key of leaves(fr as Tree)) {
      expect(get(fr as Tree, key).trim(), key).not.toBe('');
      expect(get(en as Tree, key).trim(), key).not.toBe('');
      expect(placeholders(get(en as Tree, key)), key).toEqual(placeholders(get(fr as Tree, key)));
    }
  });

  it('write placeholders as rosetta reads them, {{name}}: a {name} would show as it is', () => {
    for (const key of leaves(fr as Tree)) {
      for (const tree of [fr, en]) expect(get(tree as Tree, key).replace(/\{\{\s*\w+\s*\}\}/g, ''), key).not.toMatch(/\{\w+\}/);
    }
    expect(createTranslator('en')('pages.job.closedText', { date: '5 December 2026' })).toContain('closed on 5 December 2026.');
  });

  it('translate per call, never through shared state', () => {
    const tFr = createTranslator('fr');
    const tEn = createTranslator('en');
    expect(tFr('nav.team')).toBe('Équipe');
    expect(tEn('nav.team')).toBe('Team');
    expect(tFr('nav.team')).toBe('Équipe');
    expect(tEn('footer.copyright', { year: 2030 })).toBe('© 2030 JE EPFL. All rights reserved.');
  });

  it('write counts by the language\'s plural rules, never "(s)"', () => {
    for (const key of leaves(fr as Tree)) {
      expect(get(fr as Tree, key), key).not.toMatch(/\((s|x|es|e)\)/);
      expect(get(en as Tree, key), key).not.toMatch(/\((s|es)\)/);
    }
    const tFr = createTranslator('fr');
    const tEn = createTranslator('en');
    expect([0, 1, 2, 9, 1_000_000].map((n) => plural(tFr, 'fr', 'pages.portfolio.count', n))).toEqual([
      '0 projet',
      '1 projet',
      '2 projets',
      '9 projets',
      '1000000 projets',
    ]);
    expect([0, 1, 2, 9].map((n) => plural(tEn, 'en', 'pages.portfolio.count', n))).toEqual([
      '0 projects',
      '1 project',
      '2 projects',
      '9 projects',
    ]);
  });

  it('fails loudly on a missing key', () => {
    const t = createTranslator('fr');
    expect(() => t('nav.nope' as 'nav.team')).toThrow('Missing message "nav.nope"');
  });
});
