// `npm run content:check`: validates content/ the way the build does (without
// writing anything) and lists the sample entries still in place. Exits 1 when
// an entry is wrong; samples alone are reported, not refused here (the
// preflight before a production deploy refuses them: scripts/preflight.mjs).
import path from 'node:path';
import { ContentError, formatSamples, loadContent } from './content.mjs';

try {
  // `npm run content:check -- <folder>` checks another folder than content/.
  const dir = process.argv[2];
  const { content, samples, warnings } = await loadContent(dir ? { dir: path.resolve(dir) } : {});
  const counts = Object.entries(content)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${v.length} ${k}`)
    .join(', ');
  console.log(`Content is valid: ${counts}.`);
  console.log(formatSamples(samples));
  for (const w of warnings) console.warn(`! ${w}`);
} catch (e) {
  if (!(e instanceof ContentError)) throw e;
  console.error(e.message);
  process.exit(1);
}
