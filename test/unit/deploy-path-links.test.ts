/**
 * The deploy directory's second check, after the text check of the `path` input: its real path
 * must be inside the workspace's real path, so a committed symbolic link (a junction on Windows)
 * cannot put the runner's own files in the zip. The workspace is found again from the path and
 * its `/`-separated name, however many levels down the path is.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stepInputs } from '../../src/engine/inputs.js';
import { planDeployArchive } from '../../src/steps/deploy/build-archive.js';
import { inputsOf, testContext } from '../helpers/step-context.js';

let base: string;
let workspace: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'hd-deploy-links-'));
  workspace = path.join(base, 'repo');
  outside = path.join(base, 'runner-files');
  for (const dir of [path.join(workspace, 'real', 'site'), outside]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(workspace, 'real', 'site', 'package.json'), '{}');
  writeFileSync(path.join(outside, 'package.json'), '{}');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A directory link: a junction on Windows (no privilege needed), a symbolic link elsewhere. */
const linkDir = (target: string, at: string) => symlinkSync(target, at, 'junction');

function plan(pathInput: string, ws = workspace) {
  const inputs = inputsOf(
    {
      'api-user-id': 'u',
      'api-password': 'p',
      'headless-api-url': 'http://127.0.0.1:9/headless',
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      path: pathInput,
    },
    ws,
  );
  const { ctx } = testContext({ inputs });
  return planDeployArchive(ctx, stepInputs(inputs, 'deploy')!);
}

describe('the deploy directory behind links', () => {
  it('refuses a path that leads out of the workspace through a link, at any depth', async () => {
    linkDir(outside, path.join(workspace, 'out'));
    mkdirSync(path.join(workspace, 'web'));
    linkDir(outside, path.join(workspace, 'web', 'dist'));
    for (const p of ['out', 'web/dist', './web/dist/']) {
      await expect(plan(p), p).rejects.toThrow(
        /^input "path": "[^"]+" leads out of the workspace through a symbolic link; give a directory inside the workspace$/,
      );
    }
  });

  it('accepts a link that stays inside the workspace', async () => {
    linkDir(path.join(workspace, 'real', 'site'), path.join(workspace, 'site'));
    const planned = await plan('site');
    expect(planned.plan.entries.map((e) => e.name)).toEqual(['package.json']);
  });

  it('accepts a workspace that is itself reached through a link', async () => {
    const linked = path.join(base, 'workspace-link');
    linkDir(workspace, linked);
    const planned = await plan('real/site', linked);
    expect(planned.plan.entries.map((e) => e.name)).toEqual(['package.json']);
  });
});
