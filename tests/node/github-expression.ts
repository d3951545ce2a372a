/**
 * GitHub Actions' expression language, as much of it as the workflows' `if:`
 * conditions use, evaluated the way GitHub does: `==` compares strings
 * without regard to case and coerces other mixed types to numbers, a missing
 * property is null, `&&` and `||` return one of their operands, and
 * `contains`, `startsWith`, `endsWith` ignore case. Status functions
 * (`success()`, `always()`, `cancelled()`, `failure()`) answer as for a run
 * where everything so far went well. Enough to ask "would this job run for
 * that event?" without pushing to GitHub.
 */
type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
export type Context = Record<string, Value>;

type Token = { kind: 'string' | 'number' | 'name' | 'op'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const string = /^'((?:[^']|'')*)'/.exec(rest);
    if (string) {
      tokens.push({ kind: 'string', text: string[1]!.replace(/''/g, "'") });
      i += string[0].length;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][\w-]*(\.[A-Za-z_*][\w-]*)*/.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    const op = /^(==|!=|<=|>=|&&|\|\||[!<>(),[\]])/.exec(rest);
    if (!op) throw new Error(`cannot read the expression at "${rest}"`);
    tokens.push({ kind: 'op', text: op[0] });
    i += op[0].length;
  }
  return tokens;
}

const truthy = (v: Value) => !(v === false || v === null || v === 0 || v === '' || Number.isNaN(v));
const toNumber = (v: Value): number =>
  v === null
    ? 0
    : typeof v === 'boolean'
      ? Number(v)
      : typeof v === 'number'
        ? v
        : typeof v === 'string'
          ? v.trim() === ''
            ? 0
            : Number(v)
          : Number.NaN;
function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b && (typeof a !== 'object' || a === null || b === null)) return a === b;
  if (typeof a === 'object' && a !== null) return a === b;
  return toNumber(a) === toNumber(b);
}
const text = (v: Value) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).toLowerCase();

const FUNCTIONS: Record<string, (...args: Value[]) => Value> = {
  contains: (search, item) => (Array.isArray(search) ? search.some((e) => equal(e, item!)) : text(search!).includes(text(item!))),
  startsWith: (s, prefix) => text(s!).startsWith(text(prefix!)),
  endsWith: (s, suffix) => text(s!).endsWith(text(suffix!)),
  fromJSON: (s) => JSON.parse(String(s)) as Value,
  success: () => true,
  always: () => true,
  cancelled: () => false,
  failure: () => false,
};

/** The value of `expression` (with or without `${{ }}`) in `context`. */
export function evaluate(expression: string, context: Context): Value {
  const source = expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const take = (text?: string) => {
    const token = tokens[at++];
    if (!token || (text !== undefined && token.text !== text)) throw new Error(`expected ${text ?? 'more'} in "${source}"`);
    return token;
  };

  const primary = (): Value => {
    const token = take();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.text === '(') {
      const value = or();
      take(')');
      return value;
    }
    if (token.text === '!') return !truthy(primary());
    if (token.kind !== 'name') throw new Error(`unexpected "${token.text}" in "${source}"`);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (token.text === 'null') return null;
    if (peek()?.text === '(') {
      take('(');
      const args: Value[] = [];
      while (peek()?.text !== ')') {
        args.push(or());
        if (peek()?.text === ',') take(',');
      }
      take(')');
      const fn = FUNCTIONS[token.text];
      if (!fn) throw new Error(`unknown function ${token.text}()`);
      return fn(...args);
    }
    let value: Value = null;
    token.text.split('.').forEach((part, i) => {
      const from: Value = i === 0 ? context : value;
      value = from !== null && typeof from === 'object' && !Array.isArray(from) ? (from[part] ?? null) : null;
    });
    return value;
  };
  const comparison = (): Value => {
    let left = primary();
    while (peek()?.text === '==' || peek()?.text === '!=') {
      const op = take().text;
      const right = primary();
      left = op === '==' ? equal(left, right) : !equal(left, right);
    }
    return left;
  };
  const and = (): Value => {
    let left = comparison();
    while (peek()?.text === '&&') {
      take();
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  function or(): Value {
    let left = and();
    while (peek()?.text === '||') {
      take();
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  }
  const value = or();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]!.text}" in "${source}"`);
  return value;
}

/** Whether a job or step with this `if:` runs in `context` (no `if:` means it runs). */
export const runs = (condition: string | undefined, context: Context) =>
  condition === undefined ? true : truthy(evaluate(condition, context));
