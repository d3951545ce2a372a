import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The imports of the project's TypeScript, as edges between files (paths from
 * the root): what tests/node/boundaries.test.ts holds its rules against.
 */
export const root = path.resolve(import.meta.dirname, '../..');

export interface Edge {
  from: string;
  to: string;
  line: number;
}

/** Every .ts and .tsx file under `dir` (from the root), in a stable order. */
function sourcesOf(dir: string): string[] {
  const entries = readdirSync(path.join(root, dir), { recursive: true }) as string[];
  return entries
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** `#client/x.ts` as package.json's `imports` map it; packages and the build's own files (`#build/`) lead nowhere here. */
const ALIASES: Record<string, string> = { '#client/': 'client/', '#content/': 'content/', '#locales/': 'locales/' };

function resolve(from: string, spec: string): string | undefined {
  let base: string | undefined;
  if (spec.startsWith('.')) base = path.join(path.dirname(from), spec);
  else for (const [alias, dir] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = path.join(dir, spec.slice(alias.length));
  if (base === undefined) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile());
}

/**
 * The edges out of one file, as TypeScript's own pre-processor reads them:
 * static imports and re-exports (`import type` too), side-effect imports and
 * `import()`, whatever their layout, never a comment or a string.
 */
export function importsOf(file: string, text = readFileSync(path.join(root, file), 'utf8')): Edge[] {
  const edges: Edge[] = [];
  for (const { fileName, pos } of ts.preProcessFile(text, true, true).importedFiles) {
    const to = resolve(file, fileName);
    if (to) edges.push({ from: file, to, line: text.slice(0, pos).split('\n').length });
  }
  return edges;
}

/** Every edge out of the files under these folders. */
export const edgesOf = (dirs: string[]): Edge[] => dirs.flatMap((dir) => sourcesOf(dir).flatMap((file) => importsOf(file)));

/** Is `file` inside `dir` (a folder, or one file)? */
export const within = (file: string, dir: string) => file === dir || file.startsWith(`${dir}/`);

/**
 * The import cycles among these edges (Tarjan's strongly connected
 * components): each one as the files it goes through, in a stable order.
 */
export function cyclesOf(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/**
 * The files `from` reaches by following imports, each with the chain that
 * leads to it (`a.ts:3 -> b.ts:7 -> c.ts`): a rule about what a layer may
 * import holds for what it imports through others too.
 */
export function reachedFrom(edges: Edge[], from: string): Map<string, string> {
  const next = new Map<string, Edge[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e]);
  const chains = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const e of next.get(file) ?? []) {
      if (chains.has(e.to)) continue;
      chains.set(e.to, `${chains.get(file)}:${e.line} -> ${e.to}`);
      queue.push(e.to);
    }
  }
  chains.delete(from);
  return chains;
}
