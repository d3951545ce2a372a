// `npm run settings`: writes .dev.vars.example from the Worker's settings as
// worker/declared-settings.ts declares them (each secret, the comment above
// it there and its local value), after a setting is added or changed there. The file stays
// committed: `npm run dev` copies it to .dev.vars (scripts/dev-vars.mjs) and
// `npm run typecheck` types the secrets from it (`wrangler types --env-file`).
// tests/node/config-drift.test.ts fails when it differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { SECRET_NAMES, SETTINGS } from '../worker/declared-settings.ts';

const root = path.resolve(import.meta.dirname, '..');
const DECLARATION = path.join(root, 'worker/declared-settings.ts');
export const DEV_VARS_EXAMPLE = path.join(root, '.dev.vars.example');

const HEADER = `# Local secrets for \`wrangler dev\`. \`npm run dev\` copies this file to .dev.vars
# (git-ignored) when that file is missing; change values there, not here.
# Written by \`npm run settings\` from worker/declared-settings.ts: add or change
# a secret there, never here. \`npm run typecheck\` types the Worker's secrets
# from the names below (\`wrangler types --env-file .dev.vars.example\`).
# Deployed, each one is \`npx wrangler secret put NAME --env staging\` (or
# \`--env production\`); \`npm run preflight\` says which are missing.
`;

/** A comment as `# ` lines of at most 80 characters, broken between words, never inside `code`. */
function commentLines(text, width = 80) {
  const lines = [];
  let line = '#';
  for (const word of text.match(/[^\s`]*`[^`]*`\S*|\S+/g) ?? []) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/**
 * The comment above each setting of SETTINGS, by name, as one line of text:
 * kept out of the Worker's code (a comment costs no byte of the bundle), read
 * here from the source.
 */
export function settingComments(file = DECLARATION) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const comments = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'SETTINGS') {
      let list = node.initializer;
      while (list && !ts.isObjectLiteralExpression(list)) list = list.expression;
      for (const property of list?.properties ?? []) {
        const docs = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc);
        const text = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join(' ');
        comments.set(property.name.getText(source), text.replace(/\s+/g, ' ').trim());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return comments;
}

/** .dev.vars.example as the declaration makes it: the header, then each secret's comment and local value. */
export function devVarsExample() {
  const comments = settingComments();
  const secrets = SECRET_NAMES.flatMap((name) => [
    ...commentLines(comments.get(name) ?? ''),
    `${name}=${JSON.stringify(SETTINGS[name].example ?? '')}`,
  ]);
  return `${HEADER}\n${secrets.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = devVarsExample();
  if (readFileSync(DEV_VARS_EXAMPLE, 'utf8') === text) {
    console.log('.dev.vars.example already says what worker/declared-settings.ts declares');
  } else {
    writeFileSync(DEV_VARS_EXAMPLE, text);
    console.log('wrote .dev.vars.example from worker/declared-settings.ts: commit it, then npm run typecheck types the secrets');
  }
}
