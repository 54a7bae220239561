/**
 * The Node binaries every action test runs on: this one (Node 20 locally) and, when CI could
 * install it, Node 24 (HEADLESS_DEPLOY_NODE24) — the runtime action.yml names.
 */
import { execFileSync } from 'node:child_process';

export interface NodeBinary {
  /** Path of the binary. */
  node: string;
  /** e.g. `node v20.20.2`, for test names. */
  label: string;
}

export const NODES: readonly NodeBinary[] = [process.execPath, process.env.HEADLESS_DEPLOY_NODE24]
  .filter((n): n is string => Boolean(n))
  .map((node) => ({ node, label: `node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}` }));
