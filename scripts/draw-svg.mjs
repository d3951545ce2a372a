// Draws the site's SVG pictures as PNGs in Debian's Chromium (or CHROME_PATH),
// for the scripts that make the raster copies some readers need: the favicon
// (npm run favicon), the link-preview picture (npm run share-image) and the
// e-mail signature's logo (npm run email-logo). Inter, the site's own font, is
// embedded, so every machine draws the same picture whatever fonts it has.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const font = () =>
  readFileSync(path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')).toString('base64');

/**
 * Each size of `svg` as a PNG buffer. `svg` is drawn at the size of its own
 * width and height attributes, so give it those of the size wanted (see
 * `sized`). `transparent`: what the SVG leaves empty stays see-through.
 */
export async function drawSvg(svgs, { transparent = false } = {}) {
  const css = `@font-face{font-family:Inter;src:url(data:font/woff2;base64,${font()}) format('woff2');font-weight:100 900}html,body{margin:0;background:transparent}svg{display:block}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const images = [];
    for (const { svg, width, height } of svgs) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.setContent(`<style>${css}</style>${svg}`);
      await page.evaluate(() => document.fonts.ready);
      images.push(await page.screenshot({ omitBackground: transparent }));
      await page.close();
    }
    return images;
  } finally {
    await browser.close();
  }
}

/**
 * A square SVG of static/ (the logo, the favicon) at `size` pixels, its text
 * set in Inter: the file names system fonts, which differ from one machine to
 * the next.
 */
export function sized(svg, size) {
  return {
    svg: svg.replace(/width="64" height="64"/, `width="${size}" height="${size}"`).replace(/font-family="[^"]*"/, 'font-family="Inter"'),
    width: size,
    height: size,
  };
}
