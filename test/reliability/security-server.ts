/**
 * Security, the service as the attacker: page links to other origins, names and error messages
 * that forge workflow commands, secrets that happen to be outputs; and what the bundle is made
 * of. Each attack is a run of dist/index.js against the emulator, with an intercepting server
 * answering in the service's place where the emulator would never say such a thing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf, visibleLog } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { startIntercept, startRecorder, type Exchange, type InterceptHooks } from './support/intercept.js';
import { mapLimit } from './support/pool.js';
import { API_PASSWORD, API_USER, BASIC_CREDENTIALS, baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace } from './support/workspace.js';
import { commandLines, forgedCommands } from './support/workflow-commands.js';
import { importSpecifiers } from '../support/import-graph.js';
import { shown } from '../support/markdown-text.js';

/** The name its runs are recorded under, for the secret scan. */
const SUITE = 'security: servers';
const FORGED = 'FORGED';
const ROOT = new URL('../../', import.meta.url);
/** An API user whose password is also the name of the app deployed. */
const LEAKY_USER = 'ops-user';
const LEAKY_PASSWORD = 'sec-leaky-5d2e8a1c';

const isInstallList = (x: Exchange) => x.method === 'GET' && x.path.startsWith('/v1/installs');

export function securityServerSuite(evidence: Evidence): void {
  describe('security: hostile servers, hostile log lines', () => {
    const LINK_CASES = 5;
    evidence.plan(SUITE, LINK_CASES + 3 + 1);
    let emulator: RunningEmulator;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      const seed = reliabilitySeed([{ appId: 'sec-hostile', environments: [{ displayName: 'staging' }] }]);
      emulator = await startEmulator({
        buildSeconds: 0.2,
        seed: {
          ...seed,
          credentials: [
            ...seed.credentials!,
            { userId: LEAKY_USER, password: LEAKY_PASSWORD, account: 'demo', roles: 'owner' },
          ],
        },
      });
      evidence.secret(LEAKY_PASSWORD, 'a password that is also an app id');
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await emulator?.close();
    });

    async function intercept(hooks: InterceptHooks) {
      const i = await startIntercept(emulator.url, hooks);
      closers.push(i.close);
      return i;
    }

    const run = async (label: string, inputs: Record<string, string>, workspace = appWorkspace('sec-server')) =>
      evidence.record(SUITE, label, await runAction({ inputs, workspace, timeoutMs: 60_000 }));

    const copyInputs = (apiUrl: string, more: Record<string, string> = {}) => ({
      'api-user-id': API_USER,
      'api-password': API_PASSWORD,
      'api-url': apiUrl,
      'copy-from': 'demostg',
      'copy-to': 'demoprod',
      ...more,
    });

    it('a page link to another origin: not followed, the run fails naming it', async () => {
      const row = evidence.attack(
        '2. page links to another origin',
        'the service answers the install list with a `next` link to an origin that listens and records: `//127.0.0.2:P/…`, `/\\127.0.0.2:P/…`, `/<TAB>/127.0.0.2:P/…`, `http://127.0.0.2:P/…`, and the same host on another port',
        'dist/index.js (install copy); an intercepting server answers the install list',
      );
      const other = await startRecorder('127.0.0.2');
      const sameHost = await startRecorder('127.0.0.1');
      closers.push(other.close, sameHost.close);
      const hostPort = other.origin.slice('http://'.length);
      const links = [
        `//${hostPort}/v1/installs?offset=100`,
        `/\\${hostPort}/v1/installs?offset=100`,
        `/\t/${hostPort}/v1/installs?offset=100`,
        `${other.origin}/v1/installs?offset=100`,
        `${sameHost.origin}/v1/installs?offset=100`,
      ];
      expect(links).toHaveLength(LINK_CASES);
      const outcomes = await mapLimit(links, 4, async (next) => {
        const hostile = await intercept({
          answer: (x) =>
            isInstallList(x) ? { status: 200, body: { previous: null, next, count: 300, results: [] } } : undefined,
        });
        const r = await run(`next link ${JSON.stringify(next)}`, copyInputs(hostile.origin));
        return { next, r, seen: hostile.seen, origin: hostile.origin };
      });
      for (const { next, r, seen, origin } of outcomes) {
        expect({ next, code: r.code }).not.toEqual({ next, code: 0 });
        const escaped = origin.replace(/[.]/g, '\\.');
        expect(errorsOf(r.stdout), next).toMatch(
          new RegExp(`page link ".*" points away from ${escaped}; not following it \\(no request was sent\\)`),
        );
        // One request reached the service (the first page), with the credentials it is owed; no copy asked.
        expect(seen.map((x) => `${x.method} ${x.path.split('?')[0]}`)).toEqual(['GET /v1/installs']);
        expect(seen[0]!.headers.authorization).toBe(`Basic ${BASIC_CREDENTIALS}`);
      }
      expect(other.seen).toEqual([]);
      expect(sameHost.seen).toEqual([]);
      const message = errorsOf(outcomes[1]!.r.stdout).split('\n')[0]!;
      row.held(
        `each of ${links.length} runs fails after one request; the other origins received no request at all (so no Authorization header); e.g. "${message}"`,
      );
    });

    it('names and messages from the service that would forge workflow commands stay text', async () => {
      const injection = evidence.attack(
        '3. workflow-command injection',
        'an environment display name, install names and environments, a service error message and file names holding `\\n`, `\\r\\n` and a lone `\\r` followed by `::set-output`, `::add-mask::`, `::error::`, `##[set-output`',
        'dist/index.js (a deploy and two install copies); the display name set in the emulator’s state, the install list and the error answered by an intercepting server',
      );
      const guard = evidence.attack(
        '3b. log guard on plain log lines',
        'a hostile environment display name and hostile install names reaching `info` lines (“environment … found”, “install copy accepted … of …”)',
        'dist/index.js',
      );
      const payload = (tag: string) =>
        `\n::set-output name=status::${FORGED}-${tag}\r\n::add-mask::${FORGED}-${tag}\r::error::${FORGED}-${tag}\n##[set-output name=x;]${FORGED}-${tag}`;

      // A deploy to an environment by id, whose display name the service holds as the attacker wrote it.
      const env = emulator.state.environments.find((e) => e.app === 'sec-hostile')!;
      env.displayName = `staging${payload('display')}`;
      const ws = appWorkspace('sec-forge', { [`notes${payload('file').replace(/\//g, '-')}.txt`]: 'x\n' });
      const deployRun = run(
        'hostile display name and file name',
        { ...baseInputs(emulator), app: 'sec-hostile', environment: env.id },
        ws,
      );

      // Install copies whose install list and error answer come from a hostile hosting API.
      const page = (await (
        await fetch(`${emulator.url}/v1/installs?limit=100`, {
          headers: { authorization: `Basic ${BASIC_CREDENTIALS}` },
        })
      ).json()) as { results: { id: string; name: string; environment: string | null }[] };
      const ids = ['demostg', 'demoprod'].map((n) => page.results.find((i) => i.name === n)!.id);
      const names = await intercept({
        answer: (x) =>
          isInstallList(x)
            ? {
                status: 200,
                body: {
                  ...page,
                  results: page.results.map((i) => ({
                    ...i,
                    name: `${i.name}${payload('install')}`,
                    environment: `env${payload('install-env')}`,
                  })),
                },
              }
            : undefined,
      });
      const refusing = await intercept({
        answer: (x) =>
          x.method === 'POST' && x.path.startsWith('/v1/install_copy')
            ? { status: 400, body: { message: `refused${payload('message')}` } }
            : undefined,
      });
      const [deployed, copied, refused] = await Promise.all([
        deployRun,
        run('hostile install names', copyInputs(names.origin, { 'copy-from': ids[0]!, 'copy-to': ids[1]! })),
        run('hostile error message', copyInputs(refusing.origin)),
      ]);
      env.displayName = 'staging';

      expect(deployed.code, errorsOf(deployed.stdout)).toBe(0);
      expect(copied.code, errorsOf(copied.stdout)).toBe(0);
      expect(refused.code).not.toBe(0);
      const runs: [string, RunResult, string[]][] = [
        ['deploy', deployed, ['display', 'file']],
        ['install names', copied, ['install', 'install-env']],
        ['error message', refused, ['message']],
      ];
      let commands = 0;
      for (const [label, r, tags] of runs) {
        expect(forgedCommands(r.stdout, FORGED), label).toEqual([]);
        commands += commandLines(r.stdout).length;
        // The attack reached the log, as text: neutralised on plain lines, escaped in command data.
        for (const tag of tags) expect(r.stdout, `${label}: ${tag}`).toContain(`${FORGED}-${tag}`);
      }
      expect(deployed.stdout).toMatch(
        /^::warning::"notes\\n::set-output name=status::FORGED-file\\r\\n.*" has a name that cannot go in a zip safely/m,
      );
      expect(errorsOf(refused.stdout)).toContain(`refused\n::set-output name=status::${FORGED}-message`);
      // A CR from outside is escaped (\x0d), never a line break of its own: the forged command stays inside one line.
      expect(refused.stdout).toContain(`» ::add-mask::${FORGED}-message\\x0d::error::${FORGED}-message`);
      injection.held(
        `no line of the three logs starts a command the action did not mean (${commands} command lines read, all of add-mask, error, warning, notice, debug, group, endgroup); the forged text shows as text: escaped inside ::error:: and ::warning:: data, the file name left out of the zip as unsafe`,
      );

      // The log guard: the forged lines of the info lines carry a visible "» " in front.
      const infoLine = deployed.stdout.split('\n').findIndex((l) => l.startsWith('environment "staging'));
      expect(deployed.stdout.split('\n').slice(infoLine, infoLine + 4)).toEqual([
        'environment "staging',
        `» ::set-output name=status::${FORGED}-display\\x0d`,
        `» ::add-mask::${FORGED}-display\\x0d::error::${FORGED}-display`,
        `» ##[set-output name=x;]${FORGED}-display" found (id ${env.id})`,
      ]);
      expect(copied.stdout).toContain(`\\x0d::error::${FORGED}-install`);
      expect(copied.outputs['install-copy']).toBe('accepted');
      guard.held(
        `the runs succeed; every forged line of an info line is printed behind "» ", e.g. "» ::add-mask::${FORGED}-display", so the runner shows it and runs nothing`,
      );
    });

    it('outputs holding a secret are withheld, each named in a warning; the summary shows it redacted', async () => {
      const row = evidence.attack(
        '5. outputs and secrets',
        'an API password that is also the app id, so it stands in the app, operation and deployment outputs and in the job summary (a value too short to be a secret, a two-digit user id in a size, is test/unit/outputs.test.ts’s)',
        'dist/index.js',
      );
      const leaky = await run('password in an output', {
        ...baseInputs(emulator),
        'api-user-id': LEAKY_USER,
        'api-password': LEAKY_PASSWORD,
        app: LEAKY_PASSWORD,
        environment: 'staging',
      });
      expect(leaky.code, errorsOf(leaky.stdout)).toBe(0);
      const withheld = ['app', 'operation', 'deployment'];
      for (const name of withheld) {
        expect(leaky.outputs[name], name).toBeUndefined();
        expect(leaky.stdout).toContain(`::warning::output "${name}" not set: its value contains the value of a secret`);
      }
      // The job summary names the app too: there it is redacted, as in the log.
      const texts = [leaky.summary, shown(leaky.summary), visibleLog(leaky.stdout), leaky.stderr];
      expect(texts.filter((t) => t.includes(LEAKY_PASSWORD))).toEqual([]);
      expect(leaky.summary).toContain('***');
      for (const name of ['archive-files', 'archive-bytes', 'environment-id', 'status']) {
        expect(leaky.outputs[name], name).toMatch(/\S/);
      }
      row.held(
        `${withheld.join(', ')} withheld, each named in a warning, the other outputs set; the job summary shows the password as ***`,
      );
    });

    it('the bundle carries one undici and one @actions/core, and the deploy zips with its own writer', () => {
      const row = evidence.attack(
        '6. dependency hygiene',
        'what ships: package.json’s runtime dependencies, the bundle (dist/index.js, one file) and its license list; what src/ imports',
        'package.json, dist/index.js, dist/licenses.txt, src/',
      );
      const parsed = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      // Everything the action and the CLI run is bundled: a package with no runtime dependencies.
      const pkg = { dependencies: parsed.dependencies ?? {}, devDependencies: parsed.devDependencies ?? {} };
      expect(Object.keys(pkg.dependencies).filter((d) => /zip|archiv|tar/.test(d))).toEqual([]);
      const bundle = readFileSync(fileURLToPath(new URL('dist/index.js', ROOT)), 'utf8');
      const licenses = readFileSync(fileURLToPath(new URL('dist/licenses.txt', ROOT)), 'utf8');
      const count = (text: string, what: RegExp) => (text.match(what) ?? []).length;
      // undici's Dispatcher base class and its global-dispatcher symbol appear once per copy.
      const copies = count(bundle, /class Dispatcher extends EventEmitter/g);
      expect(copies).toBe(1);
      expect(count(bundle, /Symbol\.for\('undici\.globalDispatcher\.1'\)/g)).toBe(1);
      expect(count(licenses, /^undici$/gm)).toBe(1);
      // One @actions/core (local-action, a devDependency, brings an older one that must not
      // reach the bundle): its OIDC client and its file-command writer, once each.
      const coreCopies = count(bundle, /Unable to get ACTIONS_ID_TOKEN_REQUEST_TOKEN env variable/g);
      expect(coreCopies).toBe(1);
      expect(count(bundle, /Unable to find environment variable for file command/g)).toBe(1);
      expect(count(licenses, /^@actions\/core$/gm)).toBeGreaterThan(0);
      // The deploy's zip is our own writer's: archiver reaches the bundle only inside
      // @actions/artifact (the toolkit's client packs artifacts with it); no file of src/ imports
      // a zip library.
      const src = fileURLToPath(new URL('src/', ROOT));
      const imports = readdirSync(src, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) => importSpecifiers(f, readFileSync(join(src, f), 'utf8')).map((spec) => `${f}: ${spec}`));
      expect(
        imports.some((line) => line.endsWith(': undici')),
        'the check sees bare specifiers',
      ).toBe(true);
      expect(imports.filter((line) => /: (archiver|zip-stream|yazl|jszip|adm-zip|tar)(\/|$)/.test(line))).toEqual([]);
      row.held(
        `runtime dependencies: ${Object.keys(pkg.dependencies).join(', ') || 'none (all bundled)'} (archiver ${pkg.devDependencies.archiver ? 'is a devDependency, for the benchmark' : 'absent'}); undici in the bundle: ${copies} copy; @actions/core: ${coreCopies} copy; no file of src/ imports a zip library (archiver comes only with @actions/artifact)`,
      );
    });
  });
}
