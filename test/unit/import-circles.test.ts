/**
 * No circle of imports among src/ files. The inputs' types once took the step names from the
 * step table, which imports the steps, which import the inputs: a circle of 10 files (23 with
 * the steps' work, which the rows load by `import()`), which could only be read and changed
 * together. Types now flow one way (src/inputs/types.ts knows no step;
 * src/inputs/run-inputs.ts, typed by the table, is imported only by what runs the steps).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, importSpecifiers, readImportGraph, type ImportGraph } from '../support/import-graph.js';

const SRC = path.join(import.meta.dirname, '..', '..', 'src');

describe('the import graph of src/', () => {
  const graph = readImportGraph(SRC);

  it('is read: every file, with its imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('steps/table.ts')).toContain('steps/deploy/step.ts');
    // A type-only import is an edge too.
    expect(graph.get('inputs/run-inputs.ts')).toContain('steps/table.ts');
  });

  it('has no circle', () => {
    const circles = findCircles(graph).map((trip) => trip.join(' → '));
    expect(circles, 'each line is a circle of imports: break one of its edges').toEqual([]);
  });
});

describe('the circle finder', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('finds a circle through type-only imports and re-exports, and names its path', () => {
    const specs = importSpecifiers(
      'a.ts',
      "import type { B } from './b.js';\nexport { c } from './c.js';\nconst d = await import('./d.js');\n",
    );
    expect(specs).toEqual(['./b.js', './c.js']);
    const circles = findCircles(graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': [] }));
    expect(circles).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('finds a file that imports itself, and nothing in a graph that only flows one way', () => {
    expect(findCircles(graphOf({ 'a.ts': ['a.ts'] }))).toEqual([['a.ts', 'a.ts']]);
    expect(findCircles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });
});
