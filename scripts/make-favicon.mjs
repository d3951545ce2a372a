// Renders static/favicon.svg to static/favicon.ico (16, 32 and 48 px PNGs in
// one ICO file), for what asks for /favicon.ico by name: older browsers, feed
// readers, bookmarking and link-preview tools. Pages link the SVG itself.
// Run once after changing the SVG: npm run favicon (needs Debian's Chromium).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawSvg, sized } from './draw-svg.mjs';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'static/favicon.svg'), 'utf8');
const SIZES = [16, 32, 48];
const images = await drawSvg(
  SIZES.map((size) => sized(svg, size)),
  { transparent: true },
);

// ICO: a 6-byte header, one 16-byte entry per image, then the PNGs themselves.
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(SIZES[i], entry); // width
  header.writeUInt8(SIZES[i], entry + 1); // height
  header.writeUInt8(0, entry + 2); // no palette
  header.writeUInt8(0, entry + 3); // reserved
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync(path.join(root, 'static/favicon.ico'), Buffer.concat([header, ...images]));
console.log(`wrote static/favicon.ico (${SIZES.join(', ')} px)`);
