/**
 * The import graph of a folder of TypeScript files, and the circles in it. An edge is every
 * `import` and `export … from` of a relative path, type-only ones included, every `import()`
 * call and every `import('…')` type: a type that comes from a file is a dependency on that file
 * as much as a value, and a module loaded later is loaded all the same.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Each file (path relative to the root, `/`-separated) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The specifiers of a file's imports, re-exports, `import()` calls and `import('…')` types, in order. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Reads every .ts file under `root`. A relative import must name a file there (`./x.js` for
 * x.ts, as NodeNext resolution asks); one that does not throws, so no edge is missed unseen.
 */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const key = (file: string) => path.relative(root, file).split(path.sep).join('/');
  for (const file of sourceFiles(root)) {
    const targets = importSpecifiers(file, readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => {
        const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
        if (!target.endsWith('.ts') || !existsSync(target)) {
          throw new Error(`${key(file)} imports ${spec}, which is no .ts file under ${root}`);
        }
        return key(target);
      });
    graph.set(key(file), targets);
  }
  return graph;
}

/**
 * Every circle, as the files of one strongly connected part of the graph, each listed as a path
 * that goes round it (first file repeated at the end). Tarjan's algorithm.
 */
export function findCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      onStack.delete(top);
      part.push(top);
    } while (top !== file);
    if (part.length > 1 || graph.get(file)?.includes(file)) parts.push(part);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return parts.map((part) => roundTrip(graph, new Set(part)));
}

/** A path from the part's first file (by name) back to itself, within the part: what to read to break it. */
function roundTrip(graph: ImportGraph, part: Set<string>): string[] {
  const start = [...part].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!part.has(next)) continue;
      if (next === start) {
        const trip = [start];
        for (let at: string | undefined = file; at !== start && at !== undefined; at = cameFrom.get(at))
          trip.splice(1, 0, at);
        return [...trip, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...part, start];
}
