/**
 * Which build is a run's, end to end: dist/index.js as the runner runs it (each Node), and the
 * CLI bundle, against the emulator, whose control route holds an environment's build running so
 * another upload can come while it is in flight. A wait given the build of an upload another one
 * took over ends `superseded` (exit 1); a deploy overtaken while it waits too; `when-busy` each
 * way. The rules are test/integration/deploy-which-build.test.ts's and wait-step.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';
import { plainEnv, runCli } from '../cli/run-cli.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 4 });

const ENV = `accounts/demo/apps/${EXISTING.app}/environments/${EXISTING.environmentId}`;
const BUILD = new RegExp(`^${ENV}/builds/[0-9a-f]{8}$`);

interface Ran {
  code: number | null;
  status: string | undefined;
  outputs: Record<string, string>;
  text: string;
}
type Door = (inputs: Record<string, string>) => Promise<Ran>;

const action =
  (node: string): Door =>
  async (inputs) => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs });
    return { code: r.code, status: r.outputs.status, outputs: r.outputs, text: logText(r) };
  };
const cli: Door = async (inputs) => {
  const env = Object.fromEntries(
    Object.entries(inputs).map(([k, v]) => [`HEADLESS_DEPLOY_${k.toUpperCase().replace(/-/g, '_')}`, v]),
  );
  const r = await runCli({ cwd: makeWorkspace(), env: plainEnv(env), args: ['--json'] });
  const json = JSON.parse(r.stdout || '{}') as { status?: string; outputs?: Record<string, string> };
  return { code: r.code, status: json.status, outputs: json.outputs ?? {}, text: `${r.stdout}\n${r.stderr}` };
};
const DOORS: [string, Door][] = [
  ...NODES.map(({ label, node }): [string, Door] => [label, action(node)]),
  ['the CLI', cli],
];

const access = () => ({ ...CREDENTIALS, 'headless-api-url': emulator.headlessUrl });
const deploy = (more: Record<string, string> = {}) => ({
  ...access(),
  account: 'demo',
  app: EXISTING.app,
  environment: EXISTING.displayName,
  ...more,
});
const uploads = () => emulator.state.uploads.length;
/** Holds the environment's latest build running, or releases it. */
async function hold(running: boolean): Promise<void> {
  const res = await fetch(`${emulator.url}/__emulator/environments/${EXISTING.environmentId}/operation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ running }),
  });
  expect(res.status).toBe(200);
}
/** Resolves once `held()` is true (checked every 20 ms, for at most 30 s). */
async function until(held: () => boolean): Promise<void> {
  for (let i = 0; i < 1500 && !held(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(held()).toBe(true);
}
/** The polls of the environment's latest operation since the `from`th request. */
const polls = (from: number) =>
  emulator
    .requests()
    .slice(from)
    .filter((r) => r.path.endsWith('/operations/no_build')).length;

describe.each(DOORS)('which build is a run’s, %s', (_, run) => {
  /** Upload A without waiting, its build held running from the moment the upload arrives. */
  async function inFlight(): Promise<Ran> {
    const running = run(deploy({ wait: 'false' }));
    await until(() => uploads() === 1);
    await hold(true);
    const a = await running;
    expect([a.code, a.status, a.outputs.build], a.text).toEqual([0, 'started', expect.stringMatching(BUILD)]);
    return a;
  }

  it('A then B uploaded: the wait for A with its build ends superseded naming both (exit 1); for B, success', async () => {
    const a = await inFlight();
    const b = await run(deploy({ wait: 'false', 'when-busy': 'upload' }));
    expect([b.code, b.status], b.text).toEqual([0, 'started']);
    expect(b.outputs.build).toMatch(BUILD);
    const forA = await run({ ...access(), operation: a.outputs.operation!, build: a.outputs.build! });
    expect([forA.code, forA.status]).toEqual([1, 'superseded']);
    expect(forA.text).toContain(`shows build ${b.outputs.build}, not build ${a.outputs.build}`);
    await hold(false);
    const forB = await run({ ...access(), operation: b.outputs.operation!, build: b.outputs.build!, timeout: '60s' });
    expect([forB.code, forB.status, forB.outputs.build], forB.text).toEqual([0, 'success', b.outputs.build]);
  });

  it('a deploy overtaken while it waits: superseded, exit 1, its own build named', async () => {
    const waiting = run(deploy());
    await until(() => uploads() === 1);
    await hold(true);
    // Its build has started (held, not done): a few polls have shown it.
    const from = emulator.requests().length;
    await until(() => polls(from) >= 2);
    const b = await run(deploy({ wait: 'false', 'when-busy': 'upload' }));
    const a = await waiting;
    expect([a.code, a.status], a.text).toEqual([1, 'superseded']);
    expect(a.outputs.build).toMatch(BUILD);
    expect(a.text).toContain(`shows build ${b.outputs.build}, not build ${a.outputs.build}`);
  });

  it.each([
    ['fail', 1, 'busy', 1],
    ['upload', 0, 'started', 2],
  ])('a build in flight, when-busy: %s: exit %i, %s, %i upload(s)', async (whenBusy, code, status, count) => {
    await inFlight();
    const b = await run(deploy({ wait: 'false', 'when-busy': whenBusy }));
    expect([b.code, b.status, uploads()], b.text).toEqual([code, status, count]);
  });

  it('a build in flight, when-busy: wait (the default): uploads once it is done, then succeeds', async () => {
    await inFlight();
    const from = emulator.requests().length;
    const waiting = run(deploy({ timeout: '2m' }));
    await until(() => polls(from) >= 2);
    expect(uploads()).toBe(1);
    await hold(false);
    const b = await waiting;
    expect([b.code, b.status, uploads()], b.text).toEqual([0, 'success', 2]);
    expect(b.text).toMatch(/is busy: its latest operation .* is not done; waiting for it/);
  });
});
