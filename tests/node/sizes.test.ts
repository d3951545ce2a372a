import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A module a maintainer can read in one sitting, and a function that fits on a
// screen: past these, a file has more than one concern and a function more than
// one step, and the seam between them is what a new maintainer needs to see.
const MODULE_MAX = 250;
const FUNCTION_MAX = 60;

const root = path.resolve(import.meta.dirname, '../..');
const DIRS = ['worker', 'client', 'content', 'scripts'];
const SOURCE = /\.(?:ts|tsx|mts|cts|mjs|cjs|js)$/;

async function sources() {
  const files: string[] = [];
  for (const dir of DIRS) {
    const entries = await readdir(path.join(root, dir), { recursive: true });
    for (const entry of entries) if (SOURCE.test(entry)) files.push(path.posix.join(dir, entry.split(path.sep).join('/')));
  }
  return files.sort();
}

/** Lines of a text as an editor numbers them: a final newline does not start one more. */
function lineCount(text: string) {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

type Fn = ts.FunctionLikeDeclaration;

function isMeasured(node: ts.Node): node is Fn {
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body);
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The name a reader would look for: its own, the variable or property it is assigned to, or the call it is passed to. */
function nameOf(fn: Fn, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  if (fn.name) return fn.name.getText(file);
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText(file);
  if (ts.isCallExpression(parent)) {
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${JSON.stringify(first.text)}` : '';
    return `${parent.expression.getText(file)}(${label.trim()}) callback`;
  }
  return '(anonymous)';
}

function longFunctions(file: string, text: string) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (isMeasured(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > FUNCTION_MAX) found.push(`${file}:${start + 1} ${nameOf(node, source)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('modules and functions stay small enough to read', () => {
  it(`no module of ${DIRS.join('/, ')}/ is over ${MODULE_MAX} lines`, async () => {
    const offenders: string[] = [];
    for (const file of await sources()) {
      const lines = lineCount(await readFile(path.join(root, file), 'utf8'));
      if (lines > MODULE_MAX) offenders.push(`${file}:1 module (${lines} lines)`);
    }
    expect(offenders).toEqual([]);
  });

  it(`no function there is over ${FUNCTION_MAX} lines, counting the functions nested in it`, async () => {
    const offenders: string[] = [];
    for (const file of await sources()) offenders.push(...longFunctions(file, await readFile(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the function count measures what it claims: a long component with short inner arrows is long', () => {
    const inner = Array.from({ length: 70 }, (_, i) => `  const f${i} = () => { return ${i}; };`).join('\n');
    const text = `export function Page() {\n${inner}\n  return null;\n}\nconst short = () => {\n  return 1;\n};\n`;
    expect(longFunctions('client/pages/x.tsx', text)).toEqual(['client/pages/x.tsx:1 Page (73 lines)']);
    const method = `class A {\n  run() {\n${'    void 0;\n'.repeat(60)}  }\n}\n`;
    expect(longFunctions('worker/a.ts', method)).toEqual(['worker/a.ts:2 run (62 lines)']);
  });
});
