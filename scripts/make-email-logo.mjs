// Renders static/images/logo.svg to static/images/email/logo.png, the logo of
// the e-mail signature (client/signature.ts): many mail clients show no SVG.
// Three times the size the signature shows it (64 px), for sharp phone screens.
// Everything under /images/email/ may be embedded by other sites (a webmail
// loads it from its own page): worker/middleware/security.ts.
// Run once after changing the SVG: npm run email-logo (needs Debian's Chromium).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawSvg, sized } from './draw-svg.mjs';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'static/images/logo.svg'), 'utf8');
const SIZE = 192;
const [png] = await drawSvg([sized(svg, SIZE)], { transparent: true });
mkdirSync(path.join(root, 'static/images/email'), { recursive: true });
writeFileSync(path.join(root, 'static/images/email/logo.png'), png);
console.log(`wrote static/images/email/logo.png (${SIZE} px)`);
