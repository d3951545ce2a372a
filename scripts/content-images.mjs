// The pictures of content/images/, as the pages ask for them: each photo
// resized to the widths its pages use, in AVIF and WebP with a JPEG (or, with
// transparency, PNG) fallback, under a name that changes with its content;
// SVGs as they are. Volunteers put photos here straight from their phones,
// so a file is taken as it is (any name, any size up to the limits) and
// everything wrong with one is said in plain words with what to do.
// Used by scripts/content.mjs; the encoding is in content-images-encode.mjs.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENCODINGS, heightAt, isTransparent, writeOutputs } from './content-images-encode.mjs';
import { Problem } from './content-problems.mjs';

/**
 * Above these a file is refused rather than built. The largest phone photos
 * (48 and 50 megapixel modes) are 8-20 MB, so both limits let them through;
 * what they stop is a scan, a poster's print file or a 200-megapixel mode,
 * which would take minutes and gigabytes to decode, and stay in the
 * repository's history forever, for a page that shows them 1440 px wide.
 */
export const IMAGE_LIMITS = { bytes: 25_000_000, pixels: 50_000_000 };

/** Kept between builds (node_modules/ is never committed, and `npm ci` starts it afresh). */
const CACHE = path.resolve(import.meta.dirname, '../node_modules/.cache/jeepfl-images');
const ACCEPTED = 'JPEG, PNG, WebP, AVIF or SVG';
const EXTENSIONS = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/**
 * Builds the images the content asks for. Each request names a file under
 * `folder` as written in the content (`team/IMG_2041.JPG`), the pixel widths
 * its page needs and the content file that asks (for messages); the widths of
 * all requests of a file are built. With `out` (dist/public), writes the
 * files under `out/assets/content/`; without, only checks them (reading
 * their headers, not their pixels: the fallback's type is then guessed from
 * the alpha channel).
 *
 * @example
 * const images = await buildImages({ folder, out, problems, warnings, rel,
 *   requests: [{ file: 'team/IMG_2041.JPG', widths: [160, 320], from: 'content/team.json' }] });
 * images['team/IMG_2041.JPG'].sources[0].srcset; // '/assets/content/team-img-2041-160-3f9a….avif 160w, …'
 */
export async function buildImages({ folder, out, requests, problems, warnings, rel, limits = IMAGE_LIMITS, cache = CACHE }) {
  // Names are compared in NFC: macOS writes "é" in file names as two code points, editors as one.
  const present = await filesIn(folder);
  const wanted = byFile(requests);
  const asked = new Set([...wanted.keys()].map((f) => f.normalize('NFC')));
  for (const [key, full] of present) if (!asked.has(key)) warnings.push(`${rel(full)}: not used by any entry (it is not published)`);

  const sharp = (await import('sharp')).default;
  const images = {};
  for (const [file, { widths, from, where }] of wanted) {
    // Only files found in the folder are read: a path that tries to leave it is simply not there.
    const full = present.get(file.normalize('NFC'));
    if (!full) {
      problems.push(...missing(file, [...from], where, { folder, present, rel }));
      continue;
    }
    const problem = (what) => problems.push(new Problem({ file: rel(full), message: what }));
    const image = await buildImage(sharp, { file, full, widths, out, limits, cache, problem });
    if (image) images[file] = image;
  }
  return images;
}

/** The requests merged by file: every width asked for, and every entry that asks. */
function byFile(requests) {
  const wanted = new Map();
  for (const { file, widths, from, where } of requests) {
    const entry = wanted.get(file) ?? { widths: new Set(), from: new Set(), where: [] };
    for (const w of widths) entry.widths.add(w);
    entry.from.add(from);
    if (where) entry.where.push(where);
    wanted.set(file, entry);
  }
  return wanted;
}

/** One file's image, its files written into `out` when given; nothing when it is refused (said through `problem`). */
async function buildImage(sharp, { file, full, widths, out, limits, cache, problem }) {
  const size = (await stat(full)).size;
  if (size > limits.bytes) {
    problem(
      `the file is ${mb(size)}, above the limit of ${mb(limits.bytes)}: save or export it again smaller (a phone photo is 2 to 8 MB)`,
    );
    return;
  }
  const bytes = await readFile(full);
  const meta = await readHeader(sharp, bytes);
  const refusal = refuse(meta, full, limits);
  if (refusal) {
    problem(refusal);
    return;
  }
  const digest = createHash('sha256').update(bytes).digest('hex');
  const hash = createHash('sha256').update(digest).update(JSON.stringify(ENCODINGS)).digest('hex').slice(0, 10);
  const name = safeName(file);

  if (meta.format === 'svg') {
    const src = `/assets/content/${name}-${hash}.svg`;
    if (out) await write(out, src, bytes);
    return { width: meta.width, height: meta.height, src, sources: [] };
  }
  try {
    return await rasterImage(sharp, { name, hash, bytes, digest, meta, widths, out, cache });
  } catch (e) {
    // The header was fine but the pixels are not (a photo cut short by a copy); file system errors are not the image's fault.
    if (e.code) throw e;
    problem(UNREADABLE);
  }
}

/** A photo or drawing in pixels: AVIF and WebP at each width, and the largest as JPEG (or PNG, when transparent) for old browsers. */
async function rasterImage(sharp, { name, hash, bytes, digest, meta, widths, out, cache }) {
  const sizes = widthsFor([...widths], meta.autoOrient.width);
  const largest = sizes.at(-1);
  const url = (w, format) => `/assets/content/${name}-${w}-${hash}.${EXTENSIONS[format]}`;
  const transparent = out ? await isTransparent(sharp, { bytes, digest, meta, cache }) : meta.hasAlpha;
  const fallback = transparent ? 'png' : 'jpeg';
  const outputs = [
    ...sizes.flatMap((w) => ['avif', 'webp'].map((format) => ({ url: url(w, format), width: w, format }))),
    { url: url(largest, fallback), width: largest, format: fallback },
  ];
  if (out) await writeOutputs(sharp, { bytes, digest, meta, transparent, outputs, cache, out });
  return {
    width: largest,
    height: heightAt(meta, largest),
    src: url(largest, fallback),
    sources: ['avif', 'webp'].map((format) => ({
      type: `image/${format}`,
      srcset: sizes.map((w) => `${url(w, format)} ${w}w`).join(', '),
    })),
  };
}

const UNREADABLE = `cannot be read as an image (it may be damaged, cut short by a download or a copy, or not an image at all): open it on your computer and export it again as ${ACCEPTED}`;

/** Why a file is refused, in plain words with what to do, or nothing when it can be built. */
function refuse(meta, full, limits) {
  const named = `its name ends in ${path.extname(full) || 'nothing'}`;
  if (meta.heic)
    return `is a HEIC photo, the iPhone's own format (${named}), which the build cannot read: export it as JPEG (on a Mac, open it in Preview and use File > Export > JPEG; on the iPhone, Settings > Camera > Formats > Most Compatible takes new photos as JPEG)`;
  if (!meta.format) return UNREADABLE;
  const format = { heif: 'AVIF', webp: 'WebP' }[meta.format] ?? meta.format.toUpperCase();
  if (!['jpeg', 'png', 'webp', 'heif', 'svg'].includes(meta.format))
    return `is ${meta.pages > 1 ? 'an animated' : 'a'} ${format} image (${named}), which the site does not show: save it as ${ACCEPTED}${meta.pages > 1 ? ' (one still frame)' : ''}`;
  if (meta.pages > 1)
    return `is an animated ${format} (${meta.pages} frames): the site shows still images only: save one frame as ${ACCEPTED}`;
  if (meta.format !== 'svg' && meta.width * meta.height > limits.pixels) {
    const mp = (n) => `${Math.round(n / 1e6)} megapixels`;
    return `is ${meta.width} x ${meta.height} pixels (${mp(meta.width * meta.height)}), above the limit of ${mp(limits.pixels)}: export it smaller (4000 pixels wide is more than any page shows)`;
  }
  return null;
}

/**
 * The image's header, read without decoding its pixels. A HEIC photo is
 * recognised by its own bytes: iPhones and the apps that copy their photos
 * often name one `.jpg`, and the library cannot read HEIC at all.
 */
async function readHeader(sharp, bytes) {
  const brands = bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp' ? ftypBrands(bytes) : [];
  const heic = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'].some((b) => brands.includes(b));
  if (heic && !brands.includes('avif') && !brands.includes('avis')) return { heic: true };
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format === 'heif' && meta.compression !== 'av1') return { heic: true };
    return meta;
  } catch {
    // The library's own wording ("Input buffer has corrupt header") says nothing to a volunteer: UNREADABLE does.
    return {};
  }
}

/** The major and compatible brands of an ISO media file's `ftyp` box (HEIC, AVIF, MP4). */
function ftypBrands(bytes) {
  const end = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

/** The widths to make: those asked for that the original has, and the original's own width in place of any wider. */
function widthsFor(widths, original) {
  const sizes = new Set(widths.filter((w) => w <= original));
  if (widths.some((w) => w > original)) sizes.add(original);
  return [...sizes].sort((a, b) => a - b);
}

/** Lower-case ASCII words joined by hyphens, from whatever a phone or a volunteer named the file: `Soirée d'été/IMG_2041.JPG` -> `soiree-d-ete-img-2041`. */
function safeName(file) {
  const words = file
    .replace(/\.[^./]+$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words || 'image';
}

/** Every file under `folder` by its path there (NFC, `/`-separated); hidden files (`.DS_Store`) are not content. */
async function filesIn(folder) {
  if (!existsSync(folder)) return new Map();
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = new Map();
  for (const d of entries) {
    const full = path.join(d.parentPath, d.name);
    const key = path.relative(folder, full).split(path.sep).join('/').normalize('NFC');
    if (d.isFile() && !key.split('/').some((part) => part.startsWith('.'))) files.set(key, full);
  }
  return files;
}

/**
 * A missing file, and the file of that name with other capitals if there is
 * one (macOS and Windows ignore the difference, the build server does not):
 * a problem on each line that names it when the requests say where (`where`:
 * file, line, field), else one on the image's own path.
 */
function missing(file, from, where, { folder, present, rel }) {
  const shown = rel(path.join(folder, ...file.split('/')));
  const other = [...present].find(([key]) => key.toLowerCase() === file.normalize('NFC').toLowerCase());
  const fix = other
    ? `but ${rel(other[1])} does: write the name exactly as the file's, capitals included`
    : `put the file there, or correct the name in ${where.length ? 'this line' : from.length > 1 ? 'those files' : 'that file'}`;
  if (where.length) return where.map((w) => new Problem({ ...w, message: `${shown} does not exist: ${fix}` }));
  return [new Problem({ file: shown, message: `does not exist (named in ${from.join(', ')})${other ? ', ' : ': '}${fix}` })];
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

async function write(out, src, bytes) {
  const file = path.join(out, ...src.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}
