// Renders static/images/og-default.svg to the PNG that link previews show
// (og:image must be raster for most platforms). Run once after changing the
// SVG: npm run share-image (needs Debian's Chromium).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawSvg } from './draw-svg.mjs';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'static/images/og-default.svg'), 'utf8');
const [png] = await drawSvg([{ svg, width: 1200, height: 630 }]);
writeFileSync(path.join(root, 'static/images/og-default.png'), png);
console.log('wrote static/images/og-default.png');
