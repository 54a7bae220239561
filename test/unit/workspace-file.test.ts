/**
 * The resolver every path input of both actions goes through (src/steps/deploy/workspace-file.ts):
 * inside the workspace once links are followed, of the kind wanted, and errors that name the
 * input and the path as given, never what the path leads to.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveWorkspacePath, WorkspacePathError } from '../../src/steps/deploy/workspace-file.js';

const SECRET = 'OUTSIDE-SECRET-41b7';
const top = realpathSync(mkdtempSync(join(tmpdir(), 'hd-wsfile-')));
const workspace = join(top, 'ws');
const outside = join(top, 'outside');
mkdirSync(join(workspace, 'app'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(workspace, 'seed.json'), '{}');
writeFileSync(join(outside, 'secret.json'), SECRET);
symlinkSync(join(outside, 'secret.json'), join(workspace, 'linked.json'));
symlinkSync(outside, join(workspace, 'linked-dir'), 'junction');
symlinkSync(join(workspace, 'seed.json'), join(workspace, 'inner-link.json'));
symlinkSync(join(workspace, 'app'), join(workspace, 'inner-dir'), 'junction');
symlinkSync(outside, join(workspace, 'app', 'dist'), 'junction');
symlinkSync(workspace, join(top, 'ws-link'), 'junction');
afterAll(() => rmSync(top, { recursive: true, force: true }));

const resolve = (value: string, kind: 'file' | 'directory' = 'file', ws = workspace) =>
  resolveWorkspacePath({ input: 'seed', value, workspace: ws, kind });

describe('resolveWorkspacePath', () => {
  it('gives the real path of a file or directory inside, links inside included', async () => {
    expect(await resolve('seed.json')).toBe(join(workspace, 'seed.json'));
    expect(await resolve('inner-link.json')).toBe(join(workspace, 'seed.json'));
    expect(await resolve(join(workspace, 'seed.json'))).toBe(join(workspace, 'seed.json'));
    expect(await resolve('app', 'directory')).toBe(join(workspace, 'app'));
    expect(await resolve('inner-dir', 'directory')).toBe(join(workspace, 'app'));
    // A workspace that is itself reached through a link: the path is compared with its real path.
    expect(await resolve('./app/', 'directory', join(top, 'ws-link'))).toBe(join(workspace, 'app'));
  });

  it.each([
    [
      'linked.json',
      'file',
      /^input "seed": "linked\.json" leads out of the workspace through a symbolic link; give a file/,
    ],
    ['linked-dir', 'directory', /leads out of the workspace through a symbolic link; give a directory/],
    ['app/dist', 'directory', /^input "seed": "app\/dist" leads out of the workspace through a symbolic link/],
    ['linked-dir/secret.json', 'file', /leads out of the workspace/],
    ['../outside/secret.json', 'file', /is outside the workspace; give a path inside it/],
    [join(outside, 'secret.json'), 'file', /is outside the workspace/],
    ['missing.json', 'file', /^input "seed": "missing\.json" does not exist in the workspace$/],
    ['app', 'file', /"app" is not a regular file \(a directory\); give a file/],
    ['seed.json', 'directory', /"seed\.json" is a file; give the directory to zip/],
  ] as const)('%s (%s): refused', async (value, kind, message) => {
    const err = await resolve(value, kind).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkspacePathError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain(SECRET);
  });
});
