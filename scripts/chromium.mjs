// Debian's Chromium (or CHROME_PATH), as the scripts and the benchmarks start
// it: headless, no sandbox, nothing reaching out to the network on its own.
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
