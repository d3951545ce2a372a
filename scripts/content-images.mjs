// The images of content/images/: responsive AVIF and WebP copies of each
// photo with hashed names, SVGs as they are. Used by scripts/content.mjs.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FILE } from '../content/ids.ts';

/** Widths the build makes of each photo (never wider than the original). */
const IMAGE_WIDTHS = [480, 960, 1440];

/** content/images/** -> responsive AVIF + WebP (photos) or the SVG as is, with their sizes. */
export async function buildImages(folder, out, problems, rel) {
  const images = {};
  if (!existsSync(folder)) return images;
  const sharp = (await import('sharp')).default;
  const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((d) => d.isFile() && !d.name.startsWith('.'));
  for (const d of files) {
    const full = path.join(d.parentPath, d.name);
    const key = path.relative(folder, full).split(path.sep).join('/');
    if (!IMAGE_FILE.test(key)) {
      problems.push(`${rel(full)}: images are .jpg, .png, .webp, .avif or .svg with lower-case names joined by hyphens`);
      continue;
    }
    const bytes = await readFile(full);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const base = key.replace(/\.[a-z]+$/, '');
    let meta;
    try {
      meta = await sharp(bytes).metadata();
    } catch (e) {
      problems.push(`${rel(full)}: is not a readable image (${e.message})`);
      continue;
    }
    if (key.endsWith('.svg')) {
      const src = `/assets/content/${base}-${hash}.svg`;
      if (out) await write(out, src, bytes);
      images[key] = { width: meta.width, height: meta.height, src, sources: [] };
      continue;
    }
    const widths = IMAGE_WIDTHS.filter((w) => w < meta.width);
    widths.push(Math.min(meta.width, IMAGE_WIDTHS.at(-1)));
    const unique = [...new Set(widths)].sort((a, b) => a - b);
    const sources = [];
    for (const [type, ext, encode] of [
      ['image/avif', 'avif', (s) => s.avif({ quality: 55, effort: 4 })],
      ['image/webp', 'webp', (s) => s.webp({ quality: 75 })],
    ]) {
      const set = [];
      for (const w of unique) {
        const src = `/assets/content/${base}-${w}-${hash}.${ext}`;
        if (out) await write(out, src, await encode(sharp(bytes).rotate().resize({ width: w })).toBuffer());
        set.push(`${src} ${w}w`);
      }
      sources.push({ type, srcset: set.join(', ') });
    }
    const largest = unique.at(-1);
    images[key] = {
      width: largest,
      height: Math.round((meta.height * largest) / meta.width),
      src: `/assets/content/${base}-${largest}-${hash}.webp`,
      sources,
    };
  }
  return images;
}

async function write(out, src, bytes) {
  const file = path.join(out, ...src.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}
