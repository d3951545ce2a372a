// `npm run dev` runs this first: on a fresh clone it creates .dev.vars (the
// local secrets wrangler dev reads, git-ignored) from .dev.vars.example, which
// holds Cloudflare's public Turnstile test keys. An existing file is kept.
import { copyFileSync, constants } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
try {
  copyFileSync(path.join(root, '.dev.vars.example'), path.join(root, '.dev.vars'), constants.COPYFILE_EXCL);
  console.log('created .dev.vars from .dev.vars.example (local secrets: Cloudflare test keys, no mail key)');
} catch (error) {
  if (error.code !== 'EEXIST') throw error;
}
