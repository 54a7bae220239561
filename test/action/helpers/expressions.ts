/**
 * GitHub Actions expressions (`${{ }}` and `if:`) as the example workflows write them, for the
 * rehearsal of test/action/workflow-examples.test.ts: literals, context paths with `.name` and
 * `[index]` (names looked up case-insensitively, as GitHub does), `!`, `==`, `!=`, `&&`, `||`,
 * parentheses, and the functions fromJSON, toJSON, format, contains, startsWith and the status
 * functions. `==` follows GitHub's loose rules (strings case-insensitive, other types compared as
 * numbers). A context made with `strict` throws on a name it lacks, so a rehearsal that has no
 * value for a secret or a variable says so instead of passing ''.
 */
const STRICT = Symbol('strict');

/** A context whose missing names are an error of the rehearsal, named after `label`. */
export function strict(label: string, values: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, values, { [STRICT]: label });
}

export interface Status {
  /** Whether an earlier step of the job failed. */
  failed: boolean;
}

type Value = unknown;

function member(obj: Value, key: Value): Value {
  if (obj === null || obj === undefined) return null;
  if (Array.isArray(obj)) return typeof key === 'number' ? (obj[key] ?? null) : null;
  if (typeof obj !== 'object') return null;
  const record = obj as Record<string | symbol, unknown>;
  const name = String(key);
  const found = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  if (found !== undefined) return record[found];
  const label = record[STRICT];
  if (typeof label === 'string') throw new Error(`no value for ${label}.${name} in this rehearsal: add one`);
  return null;
}

export function truthy(v: Value): boolean {
  return !(v === false || v === null || v === undefined || v === '' || v === 0 || Number.isNaN(v));
}

function toNumber(v: Value): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return NaN;
}

function looseEquals(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (a === null && b === null) return true;
  if (typeof a === 'object' && typeof b === 'object') return a === b;
  return toNumber(a) === toNumber(b);
}

/** A value as `${{ }}` puts it in text. */
export function asText(v: Value): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
}

const TOKEN = /\s*(?:('(?:[^']|'')*')|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w-]*)|(==|!=|&&|\|\||[!.[\](),]))/y;

export function evaluate(expr: string, roots: Record<string, unknown>, status: Status = { failed: false }): Value {
  const tokens: { kind: 'str' | 'num' | 'id' | 'op'; text: string }[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.trimEnd().length) {
    const m = TOKEN.exec(expr);
    if (!m) throw new Error(`\${{ ${expr} }}: not an expression this rehearsal reads (at ${TOKEN.lastIndex})`);
    if (m[1]) tokens.push({ kind: 'str', text: m[1].slice(1, -1).replace(/''/g, "'") });
    else if (m[2]) tokens.push({ kind: 'num', text: m[2] });
    else if (m[3]) tokens.push({ kind: 'id', text: m[3] });
    else tokens.push({ kind: 'op', text: m[4]! });
  }
  let at = 0;
  // The right side of a decided && or || is read, never evaluated: it may name what is not there.
  let skipping = 0;
  const get = (obj: Value, key: Value) => (skipping > 0 ? null : member(obj, key));
  const peek = (text: string) => tokens[at]?.kind === 'op' && tokens[at]!.text === text;
  const take = (text: string) => {
    if (!peek(text)) throw new Error(`\${{ ${expr} }}: expected ${text}`);
    at++;
  };
  const functions: Record<string, (...args: Value[]) => Value> = {
    fromjson: (s) => JSON.parse(String(s)) as Value,
    tojson: (v) => JSON.stringify(v),
    format: (f, ...args) => String(f).replace(/\{(\d+)\}/g, (_m, i: string) => asText(args[Number(i)])),
    contains: (hay, needle) =>
      Array.isArray(hay)
        ? hay.some((h) => looseEquals(h, needle))
        : asText(hay).toLowerCase().includes(asText(needle).toLowerCase()),
    startswith: (s, p) => asText(s).toLowerCase().startsWith(asText(p).toLowerCase()),
    always: () => true,
    success: () => !status.failed,
    failure: () => status.failed,
    cancelled: () => false,
  };
  const primary = (): Value => {
    const t = tokens[at++];
    if (!t) throw new Error(`\${{ ${expr} }}: ends too soon`);
    if (t.kind === 'str') return t.text;
    if (t.kind === 'num') return Number(t.text);
    if (t.kind === 'op' && t.text === '(') {
      const v = or();
      take(')');
      return v;
    }
    if (t.kind !== 'id') throw new Error(`\${{ ${expr} }}: unexpected ${t.text}`);
    if (t.text === 'null') return null;
    if (t.text === 'true' || t.text === 'false') return t.text === 'true';
    if (peek('(')) {
      take('(');
      const args: Value[] = [];
      while (!peek(')')) {
        args.push(or());
        if (!peek(')')) take(',');
      }
      take(')');
      if (skipping > 0) return null;
      const fn = functions[t.text.toLowerCase()];
      if (!fn) throw new Error(`\${{ ${expr} }}: ${t.text}() is not a function this rehearsal knows`);
      return fn(...args);
    }
    return get(roots, t.text);
  };
  const postfix = (): Value => {
    let v = primary();
    for (;;) {
      if (peek('.')) {
        at++;
        const name = tokens[at++];
        if (name?.kind !== 'id') throw new Error(`\${{ ${expr} }}: a name must follow .`);
        v = get(v, name.text);
      } else if (peek('[')) {
        at++;
        const key = or();
        take(']');
        v = get(v, key);
      } else return v;
    }
  };
  const unary = (): Value => {
    if (peek('!')) {
      at++;
      return !truthy(unary());
    }
    return postfix();
  };
  const comparison = (): Value => {
    const left = unary();
    if (peek('==') || peek('!=')) {
      const negate = tokens[at++]!.text === '!=';
      return looseEquals(left, unary()) !== negate;
    }
    return left;
  };
  const and = (): Value => {
    let v = comparison();
    while (peek('&&')) {
      at++;
      const decided = !truthy(v);
      if (decided) skipping++;
      const right = comparison();
      if (decided) skipping--;
      else v = right;
    }
    return v;
  };
  const or = (): Value => {
    let v = and();
    while (peek('||')) {
      at++;
      const decided = truthy(v);
      if (decided) skipping++;
      const right = and();
      if (decided) skipping--;
      else v = right;
    }
    return v;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`\${{ ${expr} }}: unexpected ${tokens[at]!.text}`);
  return value;
}

/** Whether an expression calls a status function: without one, GitHub adds `success() &&`. */
export const callsStatus = (expr: string): boolean => /\b(?:always|success|failure|cancelled)\s*\(/i.test(expr);
