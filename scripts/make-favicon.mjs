// Renders static/favicon.svg to static/favicon.ico (16, 32 and 48 px PNGs in
// one ICO file), for what asks for /favicon.ico by name: older browsers, feed
// readers, bookmarking and link-preview tools. Pages link the SVG itself.
// Run once after changing the SVG: npm run favicon (needs Debian's Chromium).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'static/favicon.svg'), 'utf8');
const font = readFileSync(path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')).toString(
  'base64',
);
const SIZES = [16, 32, 48];

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
const images = [];
for (const size of SIZES) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // The SVG names system fonts; Inter, the site's own, makes every machine draw the same icon.
  const sized = svg
    .replace(/width="64" height="64"/, `width="${size}" height="${size}"`)
    .replace(/font-family="[^"]*"/, 'font-family="Inter"');
  await page.setContent(
    `<style>@font-face{font-family:Inter;src:url(data:font/woff2;base64,${font}) format('woff2');font-weight:100 900}html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
  );
  await page.evaluate(() => document.fonts.ready);
  images.push(await page.screenshot({ omitBackground: true }));
  await page.close();
}
await browser.close();

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
