/**
 * The fleet file from disk: inside the workspace once links are followed, a regular file, at
 * most 1 MiB. Read synchronously, as the rest of the inputs are read, before any request. No
 * error here holds a byte of the file: only the input, the path as given and what is wrong.
 */
import { closeSync, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import nodePath from 'node:path';
import { isInside } from '../../util/path-api.js';
import { quote } from '../quote.js';
import { resolveInside, workspaceRelative } from '../workspace-path.js';
import { parseFleet, type Fleet } from './parse-fleet.js';

/** A fleet of a thousand targets is about 150 KiB; more than this is not a fleet file. */
export const MAX_FLEET_BYTES = 1024 * 1024;

export type FleetRead =
  | { readonly fleet: Fleet; readonly file: string; readonly problems: readonly [] }
  | { readonly fleet: null; readonly file: string; readonly problems: readonly string[] };

/** The file's bytes, or a problem; `given` is the input as written. */
function readBounded(workspace: string, given: string): { text: string } | { problem: string } {
  const fail = (what: string) => ({ problem: `input "fleet": ${quote(given)} ${what}` });
  let absolute: string;
  try {
    absolute = resolveInside(workspace, workspace, given);
  } catch {
    return fail('is outside the workspace; give a file inside it, relative to GITHUB_WORKSPACE');
  }
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    return fail('does not exist in the workspace; check out the code first, or check the path');
  }
  if (!isInside(nodePath, realpathSync(workspace), real)) {
    return fail('leads out of the workspace through a symbolic link; give a file inside the workspace');
  }
  if (!statSync(real).isFile()) return fail('is not a regular file; give the fleet file');
  const fd = openSync(real, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_FLEET_BYTES) return fail(`is ${size} bytes, more than a fleet file's 1 MiB; split the fleet`);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { text: buffer.subarray(0, read).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads and checks the fleet file `given` (relative to `workspace`). `file` is its path relative
 * to the workspace, `/`-separated: what the plan compares with the changed files.
 */
export function readFleetFile(workspace: string, given: string): FleetRead {
  const absolute = nodePath.resolve(workspace, given);
  const file = workspaceRelative(workspace, absolute);
  const read = readBounded(workspace, given);
  if ('problem' in read) return { fleet: null, file, problems: [read.problem] };
  const parsed = parseFleet(read.text, file);
  return parsed.fleet ? { fleet: parsed.fleet, file, problems: [] } : { fleet: null, file, problems: parsed.problems };
}
