// Cuts Inter (the variable font of @fontsource-variable/inter) into the faces
// client/styles/tokens.css declares, weights 400 to 800 (what the stylesheets
// use). The base file holds the interface's characters and is the one
// client/runtime/boot.ts fetches; the others carry a `unicode-range`, so a
// browser downloads one only for a page that writes one of its characters (a
// team member's name, say), as Google Fonts does. Two extension files, not
// one: fontsource ships Vietnamese's tone letters in their own file, and
// nothing here merges fonts. The results are committed; the CSS bundle gives
// them hashed names.
// Run after changing a list or the weights: npm run font
// tests/node/font.test.ts checks the files' glyphs against the lists, that
// tokens.css declares the same ranges, and that the locales stay in BASE.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Code points of the base file, as [first, last]: Latin-1, French œ Œ,
 * typographic punctuation and spaces, €, ™, arrows, ×, −. Not Ÿ: fontsource's
 * latin file lacks it, so it comes with LATIN_EXT.
 */
export const BASE = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  // Turkish ı: 8 bytes, as i is drawn from it, and only fontsource's latin file has it.
  [0x131, 0x131],
  [0x152, 0x153],
  // ‐ ‑, the NNBSP and ← → are in none of fontsource's files: the visitor's font draws them.
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

/**
 * The other Latin letters Europe writes. Latin Extended-B is mostly African
 * and phonetic letters (13 KB more in the file), so only its European ones.
 */
export const LATIN_EXT = [
  // Latin Extended-A: Central and Eastern Europe, the Baltic, Turkish, Maltese, Welsh, Sami, Esperanto.
  [0x100, 0x130],
  [0x132, 0x151],
  [0x154, 0x17f],
  [0x18f, 0x18f], // Ə, Azerbaijani
  [0x1a0, 0x1a1], // Ơ ơ, Vietnamese
  [0x1af, 0x1b0], // Ư ư, Vietnamese
  [0x1b7, 0x1b7], // Ʒ, Skolt Sami
  [0x1c4, 0x1cc], // DŽ Lj Nj as one letter, Croatian and Serbian
  [0x1de, 0x1ef], // Livonian ǟ ǡ, Sami ǥ ǧ ǩ ǯ, Elfdalian ǫ
  [0x1fa, 0x1ff], // Danish and Norwegian ǻ ǽ ǿ
  [0x218, 0x21b], // Romanian Ș ș Ț ț (the cedilla forms ş ţ are in Extended-A)
  [0x22a, 0x233], // Livonian ȫ ȭ ȯ ȱ ȳ
  [0x259, 0x259], // ə, Azerbaijani
  [0x292, 0x292], // ʒ, Skolt Sami
  // Combining marks: a name typed or pasted decomposed (r + ◌̌) must also
  // fetch this file, where the shaper finds the precomposed letter (ř). Not
  // for two marks across files (e + ◌̂ + ◌̃ = ễ): composed text (NFC) is safe.
  [0x300, 0x36f],
  // Latin Extended Additional: Welsh ẁ ẃ ẅ ỳ, Irish ḃ ḋ ḟ ṁ ṗ ṡ ṫ, German ẞ.
  [0x1e00, 0x1e9f],
  [0x1ef2, 0x1eff],
];

/** Vietnamese's letters with a tone mark; its other letters (ă đ ơ ư) are in LATIN_EXT. */
export const VIETNAMESE = [[0x1ea0, 0x1ef1]];

const SOURCES = 'node_modules/@fontsource-variable/inter/files';
/** The faces of "Inter Variable", in tokens.css's order. */
export const FACES = [
  { file: 'inter.woff2', source: `${SOURCES}/inter-latin-wght-normal.woff2`, ranges: BASE },
  { file: 'inter-latin-ext.woff2', source: `${SOURCES}/inter-latin-ext-wght-normal.woff2`, ranges: LATIN_EXT },
  { file: 'inter-vietnamese.woff2', source: `${SOURCES}/inter-vietnamese-wght-normal.woff2`, ranges: VIETNAMESE },
];
export const FONT_DIR = 'client/styles/fonts';
export const WEIGHTS = { min: 400, max: 800 };

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
/** A list's `unicode-range`, as tokens.css writes it. */
export const unicodeRange = (ranges) => ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
export const inRanges = (ranges, codePoint) => ranges.some(([a, b]) => codePoint >= a && codePoint <= b);
/** True when a face of the site's font covers the code point: the page fetches that face and sets it in Inter. */
export const covers = (codePoint) => FACES.some((face) => inRanges(face.ranges, codePoint));

// Nothing to draw: no font is fetched for these, and no reader sees their font.
const INVISIBLE = /^[\p{Cc}\p{White_Space}\p{Default_Ignorable_Code_Point}]$/u;

/**
 * The distinct characters of a text that no face of the site's font covers:
 * the browser sets them in one of the visitor's own fonts.
 * @example uncoveredCharacters('Łukasz · Ἀλέξανδρος · 王') // ['Ἀ', 'λ', 'έ', 'ξ', 'α', 'ν', 'δ', 'ρ', 'ο', 'ς', '王']
 */
export function uncoveredCharacters(text) {
  const found = new Set();
  for (const ch of text) if (!INVISIBLE.test(ch) && !covers(ch.codePointAt(0))) found.add(ch);
  return [...found];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: subsetFont } = await import('subset-font');
  const root = path.resolve(import.meta.dirname, '..');
  for (const { file, source, ranges } of FACES) {
    const original = await readFile(path.join(root, source));
    const text = ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
    const font = await subsetFont(original, text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
    await writeFile(path.join(root, FONT_DIR, file), font);
    console.log(`${FONT_DIR}/${file}: ${font.length} B (from ${original.length} B); unicode-range: ${unicodeRange(ranges)}`);
  }
}
