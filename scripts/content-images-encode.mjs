// The encoding half of content-images.mjs: turns one photo into its files at
// the widths asked for, through a cache of encoded files, so that `npm run
// dev`, which rebuilds on every edit, encodes a photo once and not at every
// keystroke in a Markdown file.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What every output is encoded with. Any change here changes every URL (the
 * hash in a name covers these settings) and misses the cache; bump `pipeline`
 * when the processing itself changes (resizing, orientation, colour).
 *
 * AVIF effort 3: effort 4 (libaom's default) saves about 10% more but takes
 * four times as long (a 1440 px photo: 6 s instead of 1.5 s on one core).
 * PNG sources are mostly logos and screenshots, whose sharp edges and flat
 * colours show lossy artefacts: they get a higher quality and full-resolution
 * colour (4:4:4); phones save photos as JPEG (or HEIC).
 */
export const ENCODINGS = {
  pipeline: 1,
  photo: {
    avif: { quality: 55, effort: 3, chromaSubsampling: '4:2:0' },
    webp: { quality: 75 },
    jpeg: { quality: 78, mozjpeg: true },
    png: { compressionLevel: 9 },
  },
  graphic: {
    avif: { quality: 70, effort: 3, chromaSubsampling: '4:4:4' },
    webp: { quality: 90, alphaQuality: 100 },
    jpeg: { quality: 90, mozjpeg: true, chromaSubsampling: '4:4:4' },
    png: { compressionLevel: 9 },
  },
};

/**
 * The height of the image `width` pixels wide, once oriented. Resizing to
 * exactly this (rather than letting the library round, which with shrink on
 * load can land one pixel off) makes the height the HTML gives exact.
 */
export const heightAt = (meta, width) => Math.max(1, Math.round((meta.autoOrient.height * width) / meta.autoOrient.width));

/**
 * How strictly a source is decoded: a file cut short fails, a decoder's
 * warning does not. Some phones and editors write JPEGs that libjpeg warns
 * about (Samsung's "Invalid SOS parameters", stray bytes) and that every
 * browser shows; refusing those would refuse good photos.
 */
const INPUT = { failOn: 'truncated' };

/** Which settings a source gets: see ENCODINGS. */
export const kindOf = (meta) => (meta.format === 'png' ? 'graphic' : 'photo');

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  return hash.digest('hex');
};

/**
 * Whether the image shows any transparency, which decides its fallback
 * (PNG rather than JPEG) and whether its alpha channel is kept. An alpha
 * channel alone does not say it: many exported PNGs carry one that is opaque
 * everywhere. Remembered in the cache: finding out decodes the whole image.
 */
export async function isTransparent(sharp, { bytes, digest, meta, cache }) {
  if (!meta.hasAlpha) return false;
  const file = path.join(cache, `${sha256(digest, 'alpha', String(ENCODINGS.pipeline))}.json`);
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')).transparent;
  const transparent = !(await sharp(bytes, INPUT).stats()).isOpaque;
  await store(file, JSON.stringify({ transparent }));
  return transparent;
}

/**
 * Writes each output ({ url, width, format }) under `out`, from the cache or
 * encoded now: one resize per width, shared by its formats. Outputs are
 * oriented as the phone meant them, in sRGB, and carry no metadata at all
 * (sharp writes none unless asked; a phone photo's EXIF holds where it was
 * taken).
 */
export async function writeOutputs(sharp, { bytes, digest, meta, transparent, outputs, cache, out }) {
  const settings = ENCODINGS[kindOf(meta)];
  const versions = `${sharp.versions.sharp}/${sharp.versions.vips}`;
  const cached = (o) =>
    path.join(
      cache,
      `${sha256(digest, `${o.width}:${o.format}:${ENCODINGS.pipeline}:${versions}`, JSON.stringify(settings[o.format]))}.${o.format}`,
    );
  for (const width of [...new Set(outputs.map((o) => o.width))]) {
    const missing = outputs.filter((o) => o.width === width && !existsSync(cached(o)));
    if (missing.length === 0) continue;
    let pipeline = sharp(bytes, INPUT)
      .autoOrient()
      .resize({ width, height: heightAt(meta, width), fit: 'fill' })
      .toColourspace('srgb');
    if (!transparent) pipeline = pipeline.removeAlpha();
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    for (const o of missing) {
      await store(cached(o), await sharp(data, raw)[o.format](settings[o.format]).toBuffer());
    }
  }
  for (const o of outputs) {
    const file = path.join(out, ...o.url.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(cached(o), file);
  }
}

/** Written beside, then renamed: an interrupted build (wrangler restarting) never leaves half a file in the cache. */
async function store(file, bytes) {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}
