// `npm run content:check [-- <folder>]`: checks content/ the way the build
// does (without writing anything), prints each problem with its file, line,
// field and what to write instead, then the warnings and the sample entries
// still in place. Exits 1 when something is wrong; samples alone are listed,
// not refused here (the preflight before a production deploy refuses them).
//
// In GitHub Actions (GITHUB_ACTIONS=true), each problem is also an
// annotation on its file and line in the pull request, and a short summary
// goes to the job's page ($GITHUB_STEP_SUMMARY): the pipeline runs this
// first, alone, so a content mistake is the first thing an editor sees.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, formatSamples, loadContent } from './content.mjs';

const inActions = process.env.GITHUB_ACTIONS === 'true';

/** GitHub's workflow-command escaping: a message or property may hold %, newlines, and (properties) : and ,. */
const escapeData = (s) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotate(level, problem) {
  const props = [`file=${escapeProperty(problem.file)}`];
  if (problem.line) props.push(`line=${problem.line}`);
  props.push(`title=${escapeProperty(problem.field ? `Content: ${problem.field}` : 'Content')}`);
  console.log(`::${level} ${props.join(',')}::${escapeData(problem.message)}`);
}

function summary(lines) {
  if (inActions && process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${lines.join('\n')}\n`);
}

/** Markdown's special characters in a summary line, escaped. */
const md = (s) => s.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);

// `npm run content:check -- <folder>` checks another folder than content/.
const dir = process.argv[2];
try {
  const { content, samples, warnings } = await loadContent(dir ? { dir: path.resolve(dir) } : {});
  const counts = Object.entries(content)
    .filter(([name, v]) => Array.isArray(v) && name !== 'images')
    .map(([k, v]) => `${v.length} ${k}`)
    .join(', ');
  console.log(`Content is valid: ${counts}.`);
  for (const w of warnings) console.log(`! ${w}`);
  console.log(formatSamples(samples));
  summary([
    '### Content: valid',
    '',
    `${counts}.`,
    ...(warnings.length ? ['', '**Warnings** (not refused):', '', ...warnings.map((w) => `- ${md(w)}`)] : []),
    '',
    samples.length
      ? `${samples.length} sample entr${samples.length === 1 ? 'y' : 'ies'} still in place (production refuses them).`
      : 'No sample entry left.',
  ]);
} catch (e) {
  if (!(e instanceof ContentError)) throw e;
  console.error(e.message);
  if (inActions) for (const p of e.problems) annotate('error', p);
  summary([
    `### Content: ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} to fix`,
    '',
    'Each one is also marked on its line in the pull request ("Files changed"). Fix them, commit, and the checks run again.',
    '',
    ...e.problems.map((p) => `- \`${p.file}${p.line ? `:${p.line}` : ''}\`${p.field ? ` **${md(p.field)}**` : ''}: ${md(p.message)}`),
  ]);
  process.exit(1);
}
