/**
 * Rules that are plain names (`secret.txt`, `docs/old/`, `/build`): most of a long, generated
 * rule file. Matching each path against every such rule in turn makes a walk cost files × rules;
 * looked up by name instead, a path costs what the rules that can match it cost. What a plain
 * name matches is exactly what gitignore (and the `ignore` package) makes of it: with a slash
 * before its end, the path itself, relative to the root; without, any path of that base name;
 * with a final slash, directories only.
 */

/** The characters that make a pattern more than a name, and the shapes gitignore reads specially. */
const SPECIAL = /[*?[\\\s]/;

interface Literal {
  index: number;
  dirOnly: boolean;
}

/** The literal reading of a positive pattern, or null when it is not one. */
export function literalOf(pattern: string): { body: string; anchored: boolean; dirOnly: boolean } | null {
  if (pattern.startsWith('!') || pattern.startsWith('#') || SPECIAL.test(pattern)) return null;
  const dirOnly = pattern.endsWith('/');
  const leading = pattern.startsWith('/');
  const body = pattern.slice(leading ? 1 : 0, dirOnly ? -1 : undefined);
  if (body === '' || body.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) return null;
  return { body, anchored: leading || body.includes('/'), dirOnly };
}

export class LiteralRules {
  private readonly byPath = new Map<string, Literal[]>();
  private readonly byName = new Map<string, Literal[]>();
  size = 0;

  /** Takes the rule when it is a plain name; false when it must be matched as a pattern. */
  add(pattern: string, index: number): boolean {
    const lit = literalOf(pattern);
    if (!lit) return false;
    const map = lit.anchored ? this.byPath : this.byName;
    const list = map.get(lit.body) ?? [];
    list.push({ index, dirOnly: lit.dirOnly });
    map.set(lit.body, list);
    this.size++;
    return true;
  }

  /** The index of the last rule that matches `relPath` itself (a directory ends in `/`), or -1. */
  last(relPath: string): number {
    if (this.size === 0) return -1;
    const isDir = relPath.endsWith('/');
    const p = isDir ? relPath.slice(0, -1) : relPath;
    let best = -1;
    const pick = (list: Literal[] | undefined) => {
      for (const l of list ?? []) if (l.index > best && (isDir || !l.dirOnly)) best = l.index;
    };
    pick(this.byPath.get(p));
    pick(this.byName.get(p.slice(p.lastIndexOf('/') + 1)));
    return best;
  }
}
