// Renders static/images/og-default.svg to the PNG that link previews show
// (og:image must be raster for most platforms). Run once after changing the
// SVG: npm run share-image (needs Debian's Chromium).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'static/images/og-default.svg'), 'utf8');
const fontFile = path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const font = readFileSync(fontFile).toString('base64');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(
  `<style>@font-face{font-family:Inter;src:url(data:font/woff2;base64,${font}) format('woff2');font-weight:100 900}body{margin:0}</style>${svg}`,
);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: path.join(root, 'static/images/og-default.png') });
await browser.close();
console.log('wrote static/images/og-default.png');
