/**
 * `headless-deploy plan` on the bundled program: each format on stdout (and nothing else there),
 * the log on stderr, and exit 2 for an input error with the fix named. What is planned is
 * test/unit/fleet-plan.test.ts's.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { makeWorkspace } from '../action/helpers/workspace.js';
import { plainEnv, runCli } from './run-cli.js';

const FLEET = JSON.stringify({
  targets: [
    { name: 'shop', app: 'shop', environment: 'production', path: 'apps/shop', wave: 2 },
    { name: 'blog', app: 'blog', environment: 'production', path: 'apps/blog' },
  ],
});
const plan = (cwd: string, ...args: string[]) => runCli({ cwd, env: plainEnv(), args: ['plan', ...args] });

describe('headless-deploy plan', () => {
  it('prints the matrix, the plain list or a GitLab child pipeline; the log goes to stderr', async () => {
    const cwd = makeWorkspace({ 'ops/fleet.json': FLEET });
    const github = await plan(cwd, '--fleet', 'ops/fleet.json');
    expect(github.code).toBe(0);
    const blog = { target: 'blog', wave: 1, app: 'blog', environment: 'production' };
    const shop = { target: 'shop', wave: 2, app: 'shop', environment: 'production' };
    expect(JSON.parse(github.stdout)).toEqual({ include: [blog, shop] });
    expect(github.stderr).toContain('planned 2 of 2 target(s) in 2 wave(s)');

    expect(JSON.parse((await plan(cwd, '--fleet', 'ops/fleet.json', '--format', 'json')).stdout)).toEqual([blog, shop]);
    const gitlab = parse((await plan(cwd, '--fleet=ops/fleet.json', '--format=gitlab')).stdout) as Record<
      string,
      unknown
    >;
    expect(gitlab.stages).toEqual(['wave-1', 'wave-2']);
    expect(gitlab['fleet:shop']).toMatchObject({
      needs: ['fleet:blog'],
      variables: { HEADLESS_DEPLOY_FLEET: 'ops/fleet.json' },
    });
  });

  it('plans only what changed since a ref of the checkout', async () => {
    const cwd = makeWorkspace({ 'fleet.json': FLEET, 'apps/shop/a.js': '1', 'apps/blog/b.js': '1' });
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
        { cwd },
      );
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'one');
    execFileSync('sh', ['-c', 'echo 2 > apps/shop/a.js'], { cwd });
    git('commit', '-qam', 'two');
    const r = await plan(cwd, '--fleet', 'fleet.json', '--changed-since', 'HEAD~1', '--format', 'json');
    expect(JSON.parse(r.stdout)).toEqual([{ target: 'shop', wave: 2, app: 'shop', environment: 'production' }]);
    const unknown = await plan(cwd, '--fleet', 'fleet.json', '--changed-since', 'release-9');
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toMatch(/"release-9" is not a commit of this checkout; fetch it first/);
  });

  it.each([
    [['--fleet', 'nope.json'], /"nope\.json" does not exist in the workspace/],
    [['--fleet', 'fleet.json', '--fromat', 'json'], /unknown flag --fromat: did you mean --format\?/],
    [['--fleet', 'fleet.json', '--format', 'yaml'], /--format takes github, gitlab, json/],
    [[], /flag --fleet is required/],
  ])('refuses %j with exit 2 and nothing on stdout', async (args, message) => {
    const r = await plan(makeWorkspace({ 'fleet.json': FLEET }), ...args);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(message);
  });
});
