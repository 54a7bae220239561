/**
 * The layout of src/ is its design: every import points down the layers below, so each folder
 * can be read, tested and changed knowing only what lies beneath it. A type-only import, an
 * `import()` and an `import('…')` type are arrows like any other (test/support/import-graph.ts).
 * The emulator, the strict side of the API, is not typed or helped by the client it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, importSpecifiers, readImportGraph, type ImportGraph } from '../support/import-graph.js';

const SRC = path.join(import.meta.dirname, '..', '..', 'src');

/**
 * Top to bottom, as src/README.md draws them. Folders on one line are side by side: neither
 * imports the other. A folder's subfolders belong to it.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['doors/action', 'doors/cli'],
  ['engine'],
  [
    'steps/deploy',
    'steps/wait',
    'steps/install-copy',
    'steps/webhook',
    'steps/delete',
    'steps/sweep',
    'steps/rollback',
    'steps/fleet-plan',
  ],
  ['release'],
  ['step-kit'],
  ['github', 'report'],
  ['inputs'],
  ['api', 'archive'],
  ['util'],
];

/** The layer folder a file belongs to (the longest that holds it), or undefined. */
function folderOf(file: string): string | undefined {
  return LAYERS.flat()
    .filter((folder) => file.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length)[0];
}
const rankOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));

/** Each import that does not point down: `from → to (folder → folder)`. */
function arrowsNotDown(graph: ImportGraph): string[] {
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    const a = folderOf(from)!;
    for (const to of targets) {
      const b = folderOf(to)!;
      if (a !== b && rankOf(b) <= rankOf(a)) wrong.push(`${from} → ${to} (${a} → ${b})`);
    }
  }
  return wrong;
}

describe('the import graph of src/', () => {
  const graph = readImportGraph(SRC);

  it('is read: every file, with its imports of every kind', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('engine/step-table.ts')).toContain('steps/deploy/step.ts');
    expect(graph.get('engine/run-inputs.ts')).toContain('engine/step-table.ts');
  });

  it('puts every file in a folder of the layers', () => {
    const outside = [...graph.keys()].filter((file) => folderOf(file) === undefined);
    expect(outside, 'files in no folder of LAYERS: place them, or add their folder to a layer').toEqual([]);
  });

  it('has no circle', () => {
    const circles = findCircles(graph).map((trip) => trip.join(' → '));
    expect(circles, 'each line is a circle of imports: break one of its edges').toEqual([]);
  });

  it('has every arrow pointing down the layers', () => {
    expect(arrowsNotDown(graph), 'each line is an import up or sideways: move what it needs down').toEqual([]);
  });
});

/** Whether an import names one of a package's own files (`undici/lib/…`, a path into node_modules/). */
const namesAPackageFile = (spec: string): boolean =>
  spec.startsWith('.') ? spec.includes('node_modules') : !/^(node:|(@[^/]+\/)?[^/]+$)/.test(spec);

describe('the packages src/ imports', () => {
  // A package's own files are its business and move between versions.
  it('are named by the package alone, never one of its files', () => {
    const wrong = [...readImportGraph(SRC).keys()].flatMap((file) =>
      importSpecifiers(file, readFileSync(path.join(SRC, file), 'utf8')).filter(namesAPackageFile),
    );
    expect(wrong).toEqual([]);
    const specs = ['undici/lib/dispatcher/agent.js', '../../node_modules/@actions/core/lib/command.js', '@a/b/c'];
    expect(specs.filter(namesAPackageFile)).toEqual(specs);
    expect(['undici', '@actions/core', 'node:fs', './x.js'].filter(namesAPackageFile)).toEqual([]);
  });
});

describe('the names src/ exports', () => {
  // One name per concept: two exported functions of one name are two behaviours a reader mixes up.
  it('are each exported by one file', () => {
    const byName = new Map<string, string[]>();
    for (const file of readImportGraph(SRC).keys()) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      const declared =
        /^export (?:declare )?(?:async )?(?:function\*?|const|let|class|interface|type|enum|abstract class) ([\w$]+)/gm;
      for (const [, name] of text.matchAll(declared)) byName.set(name!, [...(byName.get(name!) ?? []), file]);
    }
    const twice = [...byName]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});

/**
 * What emulator/ may take from src/: the route table both share, and, for the emulator's action,
 * the deploy action's resolver of path inputs (both actions check a workspace path alike).
 */
const EMULATOR_MAY_IMPORT: Readonly<Record<string, string>> = {
  'src/api/routes.ts': 'emulator/',
  'src/steps/deploy/workspace-file.ts': 'emulator/action/',
};

/** `file → target` when `spec`, imported by `file` (both from the repository's root), reaches where it may not. */
function reachesIntoSrc(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return /^headless-deploy\/(?!emulator$)/.test(spec) ? `${file} → ${spec}` : null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');
  const allowed = EMULATOR_MAY_IMPORT[target];
  return target.startsWith('src/') && !(allowed && file.startsWith(allowed)) ? `${file} → ${target}` : null;
}

describe('what the emulator takes from src/', () => {
  const root = path.join(SRC, '..');
  const tsUnder = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return rel === 'emulator/dist' ? [] : tsUnder(rel);
      return e.name.endsWith('.ts') ? [rel] : [];
    });

  it('is the route table, and the path resolver for its action', () => {
    const files = tsUnder('emulator');
    expect(files).toContain('emulator/http/router.ts');
    const wrong = files.flatMap((file) =>
      importSpecifiers(file, readFileSync(path.join(root, file), 'utf8')).flatMap(
        (spec) => reachesIntoSrc(file, spec) ?? [],
      ),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the import reader and the checks over it', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('counts type-only imports, re-exports, import() calls and import types as arrows', () => {
    const specs = importSpecifiers(
      'a.ts',
      "import type { B } from './b.js';\nexport { c } from './c.js';\nconst d = await import('./d.js');\nlet e: import('./e.js').E;\n",
    );
    expect(specs).toEqual(['./b.js', './c.js', './d.js', './e.js']);
  });

  it('finds a circle and names its path, and nothing in a graph that only flows one way', () => {
    const circles = findCircles(graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': [] }));
    expect(circles).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(findCircles(graphOf({ 'a.ts': ['a.ts'] }))).toEqual([['a.ts', 'a.ts']]);
    expect(findCircles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('flags an arrow up and one sideways, not one down or within a folder', () => {
    const wrong = arrowsNotDown(
      graphOf({
        'util/a.ts': ['engine/b.ts'],
        'steps/wait/x.ts': ['steps/deploy/y.ts', 'release/z.ts', 'steps/wait/w.ts'],
        'archive/plan/p.ts': ['archive/types.ts'],
      }),
    );
    expect(wrong).toEqual([
      'util/a.ts → engine/b.ts (util → engine)',
      'steps/wait/x.ts → steps/deploy/y.ts (steps/wait → steps/deploy)',
    ]);
  });

  it('lets the emulator take the route table, and its action the path resolver; nothing else of src/ or the client', () => {
    const refused = (file: string, spec: string) => reachesIntoSrc(file, spec) !== null;
    expect(refused('emulator/http/router.ts', '../../src/api/routes.js')).toBe(false);
    expect(refused('emulator/action/main.ts', '../../src/steps/deploy/workspace-file.js')).toBe(false);
    expect(refused('emulator/http/x.ts', '../../src/steps/deploy/workspace-file.js')).toBe(true);
    expect(refused('emulator/http/x.ts', '../../src/api/types.js')).toBe(true);
    expect(refused('emulator/types/x.ts', '../../src/util/clock.js')).toBe(true);
    expect(refused('emulator/x.ts', 'headless-deploy/client')).toBe(true);
    expect(refused('emulator/x.ts', 'headless-deploy/emulator')).toBe(false);
    expect(refused('emulator/http/x.ts', './errors.js')).toBe(false);
  });
});
