import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: without types; decompress(woff2) resolves to the TrueType font
import { decompress } from 'wawoff2';
// @ts-expect-error: a plain .mjs script, without types
import { BASE, covers, FACES, FONT_DIR, inRanges, uncoveredCharacters, unicodeRange, WEIGHTS } from '../../scripts/make-font.mjs';

type Ranges = [number, number][];
const faces: { file: string; source: string; ranges: Ranges }[] = FACES;
const uncovered: (text: string) => string[] = uncoveredCharacters;

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');
const u = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The code points a woff2 file maps to a glyph, and its weight axis. */
async function open(file: string) {
  const face = new Face(new Blob(await decompress(await readFile(path.join(root, file)))));
  return { codePoints: [...face.collectUnicodes()].sort((a, b) => a - b), weight: face.getAxisInfos().wght };
}

/** Every string inside a JSON document. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Names an editor may write on the team page, one or more per alphabet (Latin-1's own included). */
const NAMES: Record<string, string> = {
  Polish: 'Łukasz Żółkiewski, Ściśle Jędrzej Ćwik, Grzegorz Brzęczyszczykiewicz',
  Czech: 'Jiří Dvořák, Kůrka Ěšťěď, Ňeža Ťůma',
  Slovak: 'Ľudovít Štúr, Ĺubica Ďurčová, Ŕôžena Äbelová',
  Hungarian: 'Ődön Kővári, Űrsula Szőllősi',
  Romanian: 'Ștefan Țurcanu, Ştefan Ţurcanu (cedilla), Ăndrei Îonescu',
  Turkish: 'Ayşe Yılmaz, İpek Güneş, Çağrı Öztürk',
  Azerbaijani: 'Əli Əliyev, Gülnarə Həsənova',
  Latvian: 'Jānis Bērziņš, Ķēniņa Ļena, Ģirts Ūdris, Ŗ ŗ',
  Lithuanian: 'Ąžuolas Ėglė, Įvaras Ųsas, Vytautas Šliūpas, Ūla Čepaitė',
  Estonian: 'Kõiv Õun, Ülle Šarlota Žukovski',
  Livonian: 'Ǟ ǟ Ȫ ȫ Ȭ ȭ Ȯ ȯ Ȱ ȱ Ḑ ḑ Ō ō',
  Maltese: 'Ħabib Ġużeppi, Ċikku Żammit, Ħ ħ Ġ ġ',
  Welsh: 'Siôn Ŵan, Ŷwen ap Dafydd, ẁ ẃ ẅ ỳ Ẁ Ẃ Ẅ Ỳ',
  Irish: 'Ḋónall Ṁac Ḟlainn, ḃ ċ ḋ ḟ ġ ṁ ṗ ṡ ṫ',
  'Croatian, Serbian, Bosnian': 'Đorđe Ćosić, Dženana Šimić',
  Slovenian: 'Ksenija Ščukina Žužek',
  Sorbian: 'Ŕěđa Śćěpan Źórny',
  Sami: 'Ŋeaidnu Đuoddar, Ŧomas Čáhppes, Ǥuõlbb Ǧ ǧ Ǩiõll Ǯ ǯ Ʒ ʒ',
  Esperanto: 'Ĉiuĵaŭde Ĝis Ĥoro Ŝipo Ŭ',
  Catalan: 'Lluïsa Col·lera, Ŀl ŀl',
  Icelandic: 'Björn Þórsson, Ásta Ðórhallsdóttir',
  'Danish and Norwegian': 'Søren Ærø, Åse, Ǿ ǿ Ǽ ǽ Ǻ ǻ',
  German: 'Jürgen Groß, GROẞ',
  French: 'Zoë Lætitia Œuvray, Ÿves Çé',
  'Spanish, Portuguese, Italian, Basque, Albanian': 'Núñez João Niccolò Mirëdita Çela',
  Greenlandic: 'ĸ ĸ',
  Vietnamese: 'Zoë Nguyễn, Đặng Thu Hà, Trần Thị Phương Hoa, Lê Văn Lượng, Ngô Bảo Châu, Hồ Xuân Hương, Vũ Ỹ',
};

describe('the subset font (scripts/make-font.mjs)', () => {
  it('sets the whole interface from the base file alone, so the other files are never fetched for it', async () => {
    const missing = new Set<string>();
    for (const locale of ['fr', 'en']) {
      for (const text of strings(JSON.parse(await read(`locales/${locale}.json`)))) {
        for (const ch of text) if (!/\p{Cc}/u.test(ch) && !inRanges(BASE, ch.codePointAt(0))) missing.add(`${u(ch.codePointAt(0)!)} ${ch}`);
      }
    }
    expect([...missing], 'add these to BASE and run npm run font').toEqual([]);
    for (const ch of '‘’“”«»–—…\u00a0\u202f') expect(inRanges(BASE, ch.codePointAt(0)), u(ch.codePointAt(0)!)).toBe(true);
  });

  it("covers every Latin alphabet of Europe and Vietnamese's, composed or decomposed", async () => {
    for (const [language, name] of Object.entries(NAMES)) {
      expect(uncovered(name), language).toEqual([]);
      expect(uncovered(name.normalize('NFD')), `${language}, decomposed`).toEqual([]);
    }
    for (let cp = 0x300; cp <= 0x36f; cp++) expect(covers(cp), u(cp)).toBe(true);
    // Each character in the file of the face that declares it, not left to the visitor's fonts.
    const glyphs = await Promise.all(faces.map(async (face) => new Set((await open(`${FONT_DIR}/${face.file}`)).codePoints)));
    const absent = new Set<string>();
    for (const ch of Object.values(NAMES).join('')) {
      const cp = ch.codePointAt(0)!;
      const face = faces.findIndex((f) => inRanges(f.ranges, cp));
      if (!glyphs[face]?.has(cp)) absent.add(`${u(cp)} ${ch}`);
    }
    expect([...absent]).toEqual([]);
  });

  it.each(faces)('has in $file every character of its ranges that Inter has, and only those, weights 400-800', async (face) => {
    const source = await open(face.source);
    const file = await open(`${FONT_DIR}/${face.file}`);
    const expected = source.codePoints.filter((cp) => inRanges(face.ranges, cp));
    expect(file.codePoints.map(u), 'run npm run font').toEqual(expected.map(u));
    expect(file.weight).toMatchObject({ min: WEIGHTS.min, max: WEIGHTS.max });
  });

  it('gives each character one face at most', () => {
    const all = faces.flatMap((face) => face.ranges.map(([a, b]) => [a, b, face.file] as const)).sort((x, y) => x[0] - y[0]);
    for (let i = 1; i < all.length; i++) expect(all[i]![0], `${all[i - 1]![2]} and ${all[i]![2]}`).toBeGreaterThan(all[i - 1]![1]);
  });

  it('is declared in tokens.css, one @font-face per file with the ranges it was cut to', async () => {
    const css = await read('client/styles/tokens.css');
    const declared = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)]
      .map((m) => m[1]!)
      .filter((block) => block.includes('font-family: "Inter Variable"'))
      .map((block) => ({
        file: /src: url\("\.\/fonts\/([^"]+)"\)/.exec(block)?.[1],
        weight: /font-weight: ([^;]+);/.exec(block)?.[1],
        // The formatter may wrap the declaration: runs of white space count as one space.
        range: /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.replace(/\s+/g, ' '),
      }));
    expect(declared).toEqual(
      faces.map((face) => ({ file: face.file, weight: `${WEIGHTS.min} ${WEIGHTS.max}`, range: unicodeRange(face.ranges) })),
    );
  });

  it('lists the characters that no face covers, once each, skipping white space and invisible ones', () => {
    expect(uncovered('Ἀλέξης Παπαδόπουλος')).toEqual(['Ἀ', 'λ', 'έ', 'ξ', 'η', 'ς', 'Π', 'α', 'π', 'δ', 'ό', 'ο', 'υ']);
    expect(uncovered('Дмитрий Шостакович')).toEqual([...'ДмитрийШостакович'].filter((c, i, all) => all.indexOf(c) === i));
    expect(uncovered('Łukasz 王小明 and 田中さん')).toEqual(['王', '小', '明', '田', '中', 'さ', 'ん']);
    expect(uncovered('Zoë 👍🏽')).toEqual(['👍', '🏽']);
    expect(uncovered('a\tb\nc\u2003d\u200de\u00adf\u0007')).toEqual([]);
    expect(uncovered(Object.values(NAMES).join(' '))).toEqual([]);
  });
});
