import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Picture } from '../../client/components/Picture';
import { PageContext, type PageContextValue } from '../../client/components/page-context';
import { IMAGE_FILE } from '../../content/ids.ts';
// @ts-expect-error: a plain .mjs build script without types
import { loadContent } from '../../scripts/content.mjs';
// @ts-expect-error: a plain .mjs build script without types
import { buildImages } from '../../scripts/content-images.mjs';
import { fixtureContentDir } from '../fixtures/fixtures';

// The images Picture reads, as the build would write them (the real ones are in dist/).
vi.mock('#content/index.ts', () => ({
  images: {
    'team/IMG_2041.JPG': {
      width: 1440,
      height: 1920,
      src: '/assets/content/team-img-2041-1440-0123456789.jpg',
      sources: [
        { type: 'image/avif', srcset: '/a-480.avif 480w, /a-1440.avif 1440w' },
        { type: 'image/webp', srcset: '/a-480.webp 480w, /a-1440.webp 1440w' },
      ],
    },
    'galleries/awards.svg': { width: 400, height: 300, src: '/assets/content/galleries-awards-0123456789.svg', sources: [] },
  },
}));

interface BuiltImage {
  width: number;
  height: number;
  src: string;
  sources: { type: string; srcset: string }[];
}
interface Request {
  file: string;
  widths: number[];
  from: string;
}

const root = path.resolve(import.meta.dirname, '../..');
const PHONE = 'team/IMG_2041.JPG';
const LOGO = 'partners/Logo.PNG';
let work: string;
/** The content folder of these tests: messages name its files `content/images/…`. */
let folder: string;
let cache: string;
/** The first build: the phone photo asked for by two pages, the logo wider than it is. */
let first: { images: Record<string, BuiltImage>; problems: string[]; warnings: string[]; out: string };

/** buildImages() with these tests' folder and cache; `out: null` checks only. */
async function build(requests: Request[], { out = null as string | null, limits = undefined as object | undefined } = {}) {
  const problems: string[] = [];
  const warnings: string[] = [];
  const rel = (f: string) => path.relative(work, f).split(path.sep).join('/');
  const images = await buildImages({ folder, out, requests, problems, warnings, rel, cache, ...(limits ? { limits } : {}) });
  return { images: images as Record<string, BuiltImage>, problems, warnings };
}

/**
 * A photo as a phone takes it: 4000x3000 JPEG of about 6 MB (colour areas,
 * texture and sensor noise, so it weighs what a real one does), stored
 * sideways with EXIF orientation 6 (a white square marks its top left as
 * stored), and where it was taken in its GPS tags.
 */
async function phonePhoto() {
  const W = 4000;
  const H = 3000;
  const layer = (width: number, sigma: number) =>
    sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .resize(W, H, { kernel: 'cubic' })
      .png({ compressionLevel: 0 })
      .toBuffer();
  const grain = await sharp({
    create: { width: W, height: H, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(await layer(60, 40))
    .composite([
      { input: await layer(400, 8), blend: 'overlay' },
      { input: grain, blend: 'overlay' },
      // A white square in the corner the sensor calls top left: upright (turned 90° clockwise), it is top right.
      {
        input: await sharp({ create: { width: 500, height: 500, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 96 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 31/1 7/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 33/1 58/1' },
    })
    .toBuffer();
}

/** A partner's logo: 1200x400 PNG, transparent around its shapes. */
function logo() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
    <circle cx="200" cy="200" r="160" fill="#c8102e"/><rect x="420" y="120" width="700" height="160" rx="30" fill="#1d3557"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Mean brightness of 10x10 pixels at (left, top). */
async function brightness(file: Buffer, left: number, top: number) {
  const grey = await sharp(file).extract({ left, top, width: 10, height: 10 }).greyscale().raw().toBuffer();
  return grey.reduce((sum, v) => sum + v, 0) / grey.length;
}

/** EXIF holds a GPS block: its pointer tag 0x8825, in either byte order. */
const hasGps = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

async function put(file: string, bytes: Buffer | string) {
  await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
  await writeFile(path.join(folder, file), bytes);
}
/** The files of a srcset, with the width each claims. */
const candidates = (srcset: string) =>
  srcset.split(', ').map((c) => ({ url: c.split(' ')[0]!, width: Number(c.split(' ')[1]!.slice(0, -1)) }));
const fileOf = (out: string, url: string) => path.join(out, ...url.split('/'));
/** Every file of a folder with its modification time. */
async function times(dir: string) {
  const files = (await readdir(dir)).sort();
  return Promise.all(files.map(async (f) => [f, (await stat(path.join(dir, f))).mtimeMs]));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'images-test-'));
  folder = path.join(work, 'content/images');
  cache = path.join(work, 'cache');
  await put(PHONE, await phonePhoto());
  await put(LOGO, await logo());
  const out = path.join(work, 'out');
  first = {
    out,
    ...(await build(
      [
        { file: PHONE, widths: [480, 960], from: 'content/team.json' },
        { file: PHONE, widths: [960, 1440], from: 'content/events.json' },
        { file: LOGO, widths: [480, 960, 1440, 2400], from: 'content/partners.json' },
      ],
      { out },
    )),
  };
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('a photo straight from a phone', () => {
  it('is what a phone makes: 4000x3000, about 6 MB, stored sideways, with its GPS position', async () => {
    const source = await readFile(path.join(folder, PHONE));
    const meta = await sharp(source).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 4000, height: 3000, orientation: 6 });
    expect(source.length).toBeGreaterThan(5_000_000);
    expect(source.length).toBeLessThan(8_000_000);
    expect(hasGps(meta.exif!)).toBe(true);
  });

  it('is built at every width its pages ask for, upright, as AVIF and WebP, with a JPEG at the largest', async () => {
    const { images, problems, out } = first;
    expect(problems).toEqual([]);
    const image = images[PHONE]!;
    const name = /^\/assets\/content\/team-img-2041-(\d+)-([0-9a-f]{10})\.(avif|webp|jpg)$/;
    // Orientation 6: the 4000x3000 sensor image is a portrait photo.
    expect(image).toMatchObject({ width: 1440, height: 1920 });
    expect(image.src).toMatch(name);
    expect(image.src).toMatch(/-1440-\w+\.jpg$/);
    expect(image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    const bytes: Record<string, number> = {};
    for (const source of image.sources) {
      const set = candidates(source.srcset);
      expect(set.map((c) => c.width)).toEqual([480, 960, 1440]);
      for (const { url, width } of set) {
        expect(url).toMatch(name);
        const file = await readFile(fileOf(out, url));
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe(source.type === 'image/avif' ? 'heif' : 'webp');
        if (source.type === 'image/avif') expect(meta.compression).toBe('av1');
        expect([meta.width, meta.height]).toEqual([width, (width * 4) / 3]);
        expect(await brightness(file, width - 20, 10), 'top right, upright').toBeGreaterThan(245);
        expect(await brightness(file, 10, 10), 'top left').toBeLessThan(245);
        bytes[url.split('.').pop()! + width] = file.length;
      }
    }
    const fallback = await readFile(fileOf(out, image.src));
    expect(await sharp(fallback).metadata()).toMatchObject({ format: 'jpeg', width: 1440, height: 1920 });
    bytes.jpg1440 = fallback.length;
    console.log('phone photo, bytes per output:', bytes);
    // A phone screen (390 px at 3x) takes the 960 or 1440 px AVIF: a fraction of the 6 MB original.
    expect(bytes.avif960).toBeLessThan(150_000);
    expect(bytes.webp960).toBeLessThan(150_000);
    expect(bytes.avif1440).toBeLessThan(300_000);
  });

  it('keeps nothing of the phone’s metadata: no EXIF (so no GPS position), no XMP, no orientation tag, sRGB', async () => {
    const { images, out } = first;
    const image = images[PHONE]!;
    const urls = [image.src, ...image.sources.flatMap((s) => candidates(s.srcset).map((c) => c.url))];
    for (const url of urls) {
      const file = await readFile(fileOf(out, url));
      const meta = await sharp(file).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
      expect(meta.space, url).toBe('srgb');
      expect(file.includes(Buffer.from('iPhone')), url).toBe(false);
    }
  });
});

describe('a PNG logo', () => {
  it('keeps its transparency in every format, and is never made wider than it is', async () => {
    const { images, out } = first;
    const image = images[LOGO]!;
    // 2400 and 1440 are wider than the logo: its own 1200 px instead, once.
    expect(image).toMatchObject({ width: 1200, height: 400 });
    expect(image.src).toMatch(/^\/assets\/content\/partners-logo-1200-[0-9a-f]{10}\.png$/);
    const bytes: Record<string, number> = {};
    const urls = [image.src, ...image.sources.flatMap((s) => candidates(s.srcset).map((c) => c.url))];
    for (const source of image.sources) expect(candidates(source.srcset).map((c) => c.width)).toEqual([480, 960, 1200]);
    for (const url of urls) {
      const file = await readFile(fileOf(out, url));
      const meta = await sharp(file).metadata();
      expect(meta.hasAlpha, url).toBe(true);
      // The top-left corner is outside every shape: fully transparent.
      const { data } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(data[3], url).toBe(0);
      expect(meta.width! / meta.height!).toBeCloseTo(3, 1);
      bytes[`${url.split('.').pop()}${meta.width}`] = file.length;
    }
    console.log('PNG logo, bytes per output:', bytes);
  });
});

describe('the cache of encoded files', () => {
  it('makes a second build encode nothing: every file comes from the cache, the same bytes', async () => {
    const before = await times(cache);
    expect(before.length).toBe(3 * 2 + 1 + 3 * 2 + 1 + 1); // phone: 3 widths x 2 + JPEG; logo: the same + PNG; the logo's transparency
    const out = path.join(work, 'second');
    const second = await build(
      [
        { file: PHONE, widths: [480, 960, 1440], from: 'content/team.json' },
        { file: LOGO, widths: [480, 960, 1440], from: 'content/partners.json' },
      ],
      { out },
    );
    expect(second.images).toEqual(first.images);
    expect(await times(cache)).toEqual(before);
    const files = await readdir(path.join(out, 'assets/content'));
    expect(files.sort()).toEqual((await readdir(path.join(first.out, 'assets/content'))).sort());
    for (const f of files) {
      expect((await readFile(path.join(out, 'assets/content', f))).equals(await readFile(path.join(first.out, 'assets/content', f)))).toBe(
        true,
      );
    }
  });

  it('is not touched by a check (no out): nothing is encoded or written, the URLs are the same', async () => {
    const before = await times(cache);
    const checked = await build([{ file: PHONE, widths: [480, 960, 1440], from: 'content/team.json' }]);
    expect(checked.problems).toEqual([]);
    expect(checked.images[PHONE]).toEqual(first.images[PHONE]);
    expect(await times(cache)).toEqual(before);
  });
});

describe('file names', () => {
  it('are taken as a phone or a computer wrote them; only a way out of the folder, a hidden file or another type is refused', () => {
    for (const name of [
      'team/IMG_2041.JPG',
      'Photo de groupe.jpeg',
      'partners/Logo.PNG',
      'Soirée d’été/DSC 0042.webp',
      'a/b/c.Avif',
      'logo.svg',
    ])
      expect(IMAGE_FILE.test(name), name).toBe(true);
    for (const name of [
      '../x.jpg',
      'team/../../x.jpg',
      '/etc/x.jpg',
      'team\\x.jpg',
      'C:/x.jpg',
      '.hidden.jpg',
      'a/.x/b.jpg',
      'a//b.jpg',
      'x.gif',
      'x.heic',
      'x.HEIC',
      'x.jpg.txt',
      'x',
      '.jpg',
    ])
      expect(IMAGE_FILE.test(name), name).toBe(false);
  });

  it('takes any name a phone or a computer gives and makes a safe URL of it', async () => {
    const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    await put('Photo de groupe.jpeg', small);
    await put('Soirée d’été/IMG_0001.jpg', small);
    const { images, problems } = await build([
      { file: 'Photo de groupe.jpeg', widths: [480], from: 'content/events.json' },
      { file: 'Soirée d’été/IMG_0001.jpg', widths: [480], from: 'content/events.json' },
    ]);
    expect(problems).toEqual([]);
    expect(images['Photo de groupe.jpeg']!.sources[0]!.srcset).toMatch(/^\/assets\/content\/photo-de-groupe-480-[0-9a-f]{10}\.avif 480w$/);
    expect(images['Soirée d’été/IMG_0001.jpg']!.src).toMatch(/^\/assets\/content\/soiree-d-ete-img-0001-480-[0-9a-f]{10}\.jpg$/);
    await rm(path.join(folder, 'Photo de groupe.jpeg'));
    await rm(path.join(folder, 'Soirée d’été'), { recursive: true });
  });
});

describe('what is wrong with a file, in plain words, with what to do', () => {
  const ask = (file: string) => ({ file, widths: [480], from: 'content/events.json' });
  const problemOf = async (file: string, bytes: Buffer | string | null, limits?: object) => {
    if (bytes !== null) await put(file, bytes);
    const { problems } = await build([ask(file)], { out: path.join(work, 'errors'), limits });
    if (bytes !== null) await rm(path.join(folder, file));
    expect(problems).toHaveLength(1);
    return String(problems[0]);
  };

  it('a file that does not exist, naming the entry that asks for it, and the same name with other capitals', async () => {
    expect(await problemOf('events/gala.jpg', null)).toBe(
      'content/images/events/gala.jpg: does not exist (named in content/events.json): put the file there, or correct the name in that file',
    );
    // macOS and Windows would find it; the build server, like most servers, would not.
    expect(await problemOf('team/img_2041.jpg', null)).toBe(
      "content/images/team/img_2041.jpg: does not exist (named in content/events.json), but content/images/team/IMG_2041.JPG does: write the name exactly as the file's, capitals included",
    );
  });

  it('a path that leaves the folder is not there, even when the file it points to is', async () => {
    await writeFile(path.join(work, 'content', 'secret.jpg'), await readFile(path.join(folder, PHONE)));
    expect(await problemOf('../secret.jpg', null)).toMatch(/^content\/secret\.jpg: does not exist/);
  });

  it('a file that is not an image, or a photo cut short', async () => {
    const unreadable =
      'cannot be read as an image (it may be damaged, cut short by a download or a copy, or not an image at all): open it on your computer and export it again as JPEG, PNG, WebP, AVIF or SVG';
    expect(await problemOf('events/notes.jpg', 'Dear committee,')).toBe(`content/images/events/notes.jpg: ${unreadable}`);
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    expect(await problemOf('events/cut.jpg', photo.subarray(0, photo.length / 2))).toBe(`content/images/events/cut.jpg: ${unreadable}`);
  });

  it('but a JPEG the decoder only warns about is built: browsers show it', async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    // Scrambled bytes inside the image data: libjpeg says "Corrupt JPEG data" and decodes the rest.
    photo.fill(0xff, 2000, 2100);
    await put('events/odd.jpg', photo);
    const { problems, images } = await build([ask('events/odd.jpg')], { out: path.join(work, 'errors') });
    await rm(path.join(folder, 'events/odd.jpg'));
    expect(problems).toEqual([]);
    expect(images['events/odd.jpg']).toMatchObject({ width: 480, height: 360 });
  });

  it('an iPhone HEIC photo, even named .jpg, with how to export it as JPEG', async () => {
    // The start of an iPhone HEIC file: its `ftyp` box (brands heic, mif1), then its boxes.
    const box = Buffer.alloc(24);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic', 4, 'latin1');
    box.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([box, Buffer.alloc(2000, 7)]);
    expect(await problemOf('team/IMG_2042.jpg', heic)).toBe(
      "content/images/team/IMG_2042.jpg: is a HEIC photo, the iPhone's own format (its name ends in .jpg), which the build cannot read: export it as JPEG (on a Mac, open it in Preview and use File > Export > JPEG; on the iPhone, Settings > Camera > Formats > Most Compatible takes new photos as JPEG)",
    );
  });

  it('a file too heavy, or with too many pixels, with the size found and the limit', async () => {
    const source = await readFile(path.join(folder, PHONE));
    const mb = (source.length / 1e6).toFixed(1);
    expect(await problemOf('team/big.jpg', source, { bytes: 2_000_000, pixels: 50_000_000 })).toBe(
      `content/images/team/big.jpg: the file is ${mb} MB, above the limit of 2.0 MB: save or export it again smaller (a phone photo is 2 to 8 MB)`,
    );
    expect(await problemOf('team/big.jpg', source, { bytes: 25_000_000, pixels: 10_000_000 })).toBe(
      'content/images/team/big.jpg: is 4000 x 3000 pixels (12 megapixels), above the limit of 10 megapixels: export it smaller (4000 pixels wide is more than any page shows)',
    );
  });

  it('an animated GIF, or another format the site does not serve, with the formats it does', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(await problemOf('events/party.gif', gif)).toBe(
      'content/images/events/party.gif: is an animated GIF image (its name ends in .gif), which the site does not show: save it as JPEG, PNG, WebP, AVIF or SVG (one still frame)',
    );
    const tiff = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'red' } })
      .tiff()
      .toBuffer();
    expect(await problemOf('events/scan.jpg', tiff)).toBe(
      'content/images/events/scan.jpg: is a TIFF image (its name ends in .jpg), which the site does not show: save it as JPEG, PNG, WebP, AVIF or SVG',
    );
  });

  it('a file no entry uses is a warning, not a problem: it is not published', async () => {
    const { problems, warnings, images } = await build([ask(LOGO)]);
    expect(problems).toEqual([]);
    expect(Object.keys(images)).toEqual([LOGO]);
    expect(warnings).toEqual([`content/images/${PHONE}: not used by any entry (it is not published)`]);
  });
});

describe('the content build', () => {
  it('builds the photos entries name, at the widths of their pages, and warns of the ones none does', async () => {
    const dir = path.join(work, 'content-copy');
    await cp(fixtureContentDir, dir, { recursive: true });
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(dir, 'images/galleries/Photo de groupe.JPG'), photo);
    await writeFile(path.join(dir, 'images/galleries/Spare.jpg'), photo);
    const galleries = path.join(dir, 'galleries.json');
    await writeFile(galleries, (await readFile(galleries, 'utf8')).replace('galleries/awards.svg', 'galleries/Photo de groupe.JPG'));
    const { content, warnings } = await loadContent({ dir, out: path.join(work, 'content-out') });
    const image = content.images['galleries/Photo de groupe.JPG'];
    expect(image).toMatchObject({ width: 1200, height: 800 });
    expect(image.sources[0].srcset).toMatch(/-480-\w+\.avif 480w, .*-960-\w+\.avif 960w, .*-1200-\w+\.avif 1200w$/);
    const here = path.relative(root, dir);
    expect(warnings.sort()).toEqual([
      `${here}/images/galleries/Spare.jpg: not used by any entry (it is not published)`,
      `${here}/images/galleries/awards.svg: not used by any entry (it is not published)`,
    ]);
  });
});

describe('Picture', () => {
  const page = { locale: 'fr' } as PageContextValue;
  const render = (props: Parameters<typeof Picture>[0]) =>
    renderToStaticMarkup(createElement(PageContext.Provider, { value: page }, createElement(Picture, props)));
  const alt = { fr: 'Le comité', en: 'The committee' };

  it('offers AVIF and WebP with their sizes, and a fallback with its dimensions, loaded lazily', () => {
    expect(render({ image: { file: PHONE, alt }, sizes: '(min-width: 40rem) 20rem, 100vw' })).toBe(
      '<picture>' +
        '<source type="image/avif" srcSet="/a-480.avif 480w, /a-1440.avif 1440w" sizes="(min-width: 40rem) 20rem, 100vw"/>' +
        '<source type="image/webp" srcSet="/a-480.webp 480w, /a-1440.webp 1440w" sizes="(min-width: 40rem) 20rem, 100vw"/>' +
        '<img src="/assets/content/team-img-2041-1440-0123456789.jpg" width="1440" height="1920" alt="Le comité" decoding="async" loading="lazy"/>' +
        '</picture>',
    );
  });

  it('above the fold: loaded at once, first', () => {
    const html = render({ image: { file: PHONE, alt }, sizes: '100vw', eager: true, className: 'hero' });
    expect(html).toContain(
      '<img class="hero" src="/assets/content/team-img-2041-1440-0123456789.jpg" width="1440" height="1920" alt="Le comité" decoding="async" loading="eager" fetchPriority="high"/>',
    );
  });

  it('a decorative picture has an empty alt; an SVG is the image alone', () => {
    expect(render({ image: { file: 'galleries/awards.svg', alt: { fr: '', en: '' } }, sizes: '100vw' })).toBe(
      '<img src="/assets/content/galleries-awards-0123456789.svg" width="400" height="300" alt="" decoding="async" loading="lazy"/>',
    );
  });
});
