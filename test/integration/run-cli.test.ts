/**
 * The program's engine in process: runCli with its argv, env, streams and exit given, against the
 * emulator. test/cli runs the same through the bundle; this reaches src/ itself, so a slip in how
 * flags become the run's inputs, how the outputs are printed or which exit code comes back fails
 * here too (and under mutation testing, which never reaches the bundle).
 */
import { describe, expect, it } from 'vitest';
import { failureLine } from '../../src/doors/cli/failure-line.js';
import { formatOutputs, runCli } from '../../src/doors/cli/run-cli.js';
import { MemoryLogger } from '../../src/util/log.js';
import { seedWithApp } from '../action/helpers/emulator.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { makeWorkspace } from '../action/helpers/workspace.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0 });
const PASSWORD = 'demo-password';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runCli({
    argv,
    env: {
      HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
      HEADLESS_DEPLOY_API_PASSWORD: PASSWORD,
      HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
      HEADLESS_DEPLOY_ACCOUNT: 'demo',
      ...env,
    },
    cwd: makeWorkspace(),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    version: '9.8.7',
    on: () => undefined,
    exit: (c) => {
      throw new Error(`the program asked to exit ${c} in the middle of a run`);
    },
  });
  return { code, stdout, stderr };
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('runCli', () => {
  it('--help prints the help with the version, --version the version alone; neither runs anything', async () => {
    const help = await run(['--help', '--app', 'shop']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('headless-deploy 9.8.7');
    expect(help.stdout).toContain('--app');
    expect(help.stderr).toBe('');
    expect(await run(['--version'])).toEqual({ code: 0, stdout: '9.8.7\n', stderr: '' });
    expect(emulator.requests()).toHaveLength(0);
  });

  it('deploys from flags: outputs as name=value on stdout (or one JSON object), the log on stderr, exit 0', async () => {
    const r = await run(['--app', 'shop', '--environment', 'staging']);
    expect(r.code).toBe(0);
    const out = Object.fromEntries(
      lines(r.stdout).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const env = emulator.state.environments.find((e) => e.app === 'shop')!;
    expect(out).toMatchObject({ app: 'shop', 'environment-id': env.id, status: 'success' });
    expect(r.stderr).toContain('staging');
    expect(r.stderr).not.toContain('inputs are flags');
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);

    const json = await run(['--app', 'shop', '--environment', 'staging', '--json']);
    expect(json.code).toBe(0);
    expect(lines(json.stdout)).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'success', outputs: { app: 'shop', status: 'success' } });
  });

  it('input errors: exit 2, each problem once, and where inputs come from', async () => {
    const r = await run(['--environment', 'staging', '--ap', 'shop']);
    expect(r.code).toBe(2);
    const said = (word: string) => lines(r.stderr).filter((l) => l.includes(word));
    expect(said('unknown flag --ap')).toEqual([expect.stringMatching(/^error: unknown flag --ap/)]);
    expect(said('input "app" is empty')).toHaveLength(1);
    expect(said('no request was made')).toHaveLength(1);
    expect(r.stderr).toContain('inputs are flags (--app NAME) or variables (HEADLESS_DEPLOY_APP)');
    expect(emulator.requests()).toHaveLength(0);
  });

  it('a refused password: exit 1, the failure said once as error:, and the password never printed', async () => {
    const r = await run(['--app', 'shop', '--environment', 'staging'], {
      HEADLESS_DEPLOY_API_PASSWORD: 'wrong-pw-123',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^status=failure$/m);
    expect(lines(r.stderr).filter((l) => l.includes('deploy failed'))).toEqual([
      expect.stringMatching(/^error: deploy failed: .*authentication failed \(401\)/),
    ]);
    expect(r.stderr).toMatch(/^nothing had been changed yet$/m);
    expect(r.stdout + r.stderr).not.toContain('wrong-pw-123');
    expect(r.stderr).not.toContain('inputs are flags');
  });

  it('says the warnings the flags raised, through the run’s log, with the secret redacted', async () => {
    const flags = ['--app', 'shop', '--environment', 'staging', '--api-password', PASSWORD];
    const r = await run(flags, { HEADLESS_DEPLOY_APPP: 'other' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'HEADLESS_DEPLOY_APPP is not an input and is ignored: did you mean HEADLESS_DEPLOY_APP?',
    );
    expect(r.stderr).toContain('--api-password was given as a flag');
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
  });
});

describe('formatOutputs', () => {
  it('escapes a value from the server, so a newline in it cannot forge another output line', () => {
    const forged = new Map([
      ['build', 'b1\nstatus=success\r%'],
      ['status', 'failure'],
    ]);
    expect(formatOutputs('failure', forged, false)).toBe('build=b1%0Astatus=success%0D%25\nstatus=failure\n');
    expect(JSON.parse(formatOutputs('failure', forged, true))).toEqual({
      status: 'failure',
      outputs: { build: 'b1\nstatus=success\r%', status: 'failure' },
    });
  });
});

describe('failureLine: a step’s failure said once, nothing else lost or reordered', () => {
  // [info lines, then the run's end error] → what is written
  it.each<[string, string[], string | undefined, string[]]>([
    [
      'the end repeats the failure',
      ['a', 'deploy failed: x'],
      'deploy failed: x\nrecap',
      ['a', 'error: deploy failed: x\nrecap'],
    ],
    [
      'the end is another failure',
      ['deploy failed: x'],
      'unexpected error: y',
      ['deploy failed: x', 'error: unexpected error: y'],
    ],
    [
      'a line follows the held one',
      ['deploy failed: x', 'b'],
      'deploy failed: x',
      ['deploy failed: x', 'b', 'error: deploy failed: x'],
    ],
    ['the run succeeds', ['install copy accepted'], undefined, ['install copy accepted']],
  ])('%s', (_, infos, error, written) => {
    const log = new MemoryLogger();
    const failure = failureLine(log, ['deploy', 'install copy']);
    for (const m of infos) failure.info(m);
    failure.end(error);
    expect(log.lines).toEqual(written);
  });
});
