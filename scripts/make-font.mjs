// Cuts Inter (the variable font of @fontsource-variable/inter, latin file,
// 48 KB) down to what the site sets: the characters below and the weights
// 400 to 800 the stylesheets use. The result, client/styles/fonts/inter.woff2
// (about 29 KB), is committed; the CSS bundle gives it a hashed name.
// Run after changing RANGES or the weights: npm run font
// tests/node/font.test.ts checks that every character of locales/ and the
// built content is in RANGES, and that tokens.css declares the same range.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Code points kept, as [first, last]: Latin-1, French œ Œ Ÿ, typographic punctuation and spaces, €, ™, arrows, ×, −. */
export const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x178, 0x178],
  [0x2010, 0x2011],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x202f, 0x202f],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];
export const WEIGHTS = { min: 400, max: 800 };

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
/** The `unicode-range` of the @font-face in client/styles/tokens.css. */
export const unicodeRange = () => RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
export const covers = (codePoint) => RANGES.some(([a, b]) => codePoint >= a && codePoint <= b);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: subsetFont } = await import('subset-font');
  const root = path.resolve(import.meta.dirname, '..');
  const source = await readFile(path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
  const text = RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
  const font = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
  await writeFile(path.join(root, 'client/styles/fonts/inter.woff2'), font);
  console.log(`client/styles/fonts/inter.woff2: ${font.length} B (from ${source.length} B); unicode-range: ${unicodeRange()}`);
}
