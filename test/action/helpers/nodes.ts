/**
 * The Node binaries every action test runs on: this one (Node 20 locally) and Node 24
 * (HEADLESS_DEPLOY_NODE24, which .ci/run installs) — the runtime action.yml names. Outside CI
 * Node 24 may be missing; test/action/node24.test.ts then says so, and fails under CI.
 */
import { execFileSync } from 'node:child_process';

export interface NodeBinary {
  /** Path of the binary. */
  node: string;
  /** e.g. `node v20.20.2`, for test names. */
  label: string;
}

export const NODE24 = process.env.HEADLESS_DEPLOY_NODE24 || undefined;

const version = (node: string) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

export const NODES: readonly NodeBinary[] = [process.execPath, NODE24]
  .filter((n): n is string => Boolean(n))
  .map((node) => ({ node, label: `node ${version(node)}` }));

/** The major version of a Node binary, e.g. 24. */
export function majorOf(node: string): number {
  return Number(/^v(\d+)\./.exec(version(node))?.[1]);
}
