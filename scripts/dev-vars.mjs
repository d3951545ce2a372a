// `npm run dev` runs this first: on a fresh clone it creates .dev.vars (the
// local secrets wrangler dev reads, git-ignored) from .dev.vars.example, which
// holds Cloudflare's public Turnstile test keys. An existing file is kept, and
// gains any setting added to the example since it was made (with the
// example's value), so a new secret never leaves an old checkout half set up.
import { appendFileSync, constants, copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const example = path.join(root, '.dev.vars.example');
const local = path.join(root, '.dev.vars');
const NAME = /^([A-Z][A-Z0-9_]*)=/;

try {
  copyFileSync(example, local, constants.COPYFILE_EXCL);
  console.log('created .dev.vars from .dev.vars.example (local secrets: Cloudflare test keys, no mail key)');
} catch (error) {
  if (error.code !== 'EEXIST') throw error;
  const have = new Set(
    readFileSync(local, 'utf8')
      .split(/\r?\n/)
      .map((l) => NAME.exec(l)?.[1])
      .filter(Boolean),
  );
  const missing = readFileSync(example, 'utf8')
    .split(/\r?\n/)
    .filter((l) => NAME.test(l) && !have.has(NAME.exec(l)[1]));
  if (missing.length > 0) {
    appendFileSync(local, `\n# Added from .dev.vars.example by npm run dev:\n${missing.join('\n')}\n`);
    console.log(`added to .dev.vars from .dev.vars.example: ${missing.map((l) => NAME.exec(l)[1]).join(', ')}`);
  }
}
