/**
 * runFlow in-process against the emulator, on one virtual clock shared by the flow and the
 * emulator: a ten-minute build is over in milliseconds, and a step can be tested without
 * bundling or spawning the action.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runFlow } from '../../src/engine/run-flow.js';
import type { Client } from '../../src/api/client.js';
import { waitStep } from '../../src/steps/wait/step.js';
import { VirtualClock } from '../../src/util/clock.js';
import { MemoryLogger, type Logger, type ProgressEvent } from '../../src/util/log.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { keptOnGithub } from '../helpers/kept-on-github.js';
import { clientFor, inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock, buildSeconds: 600 });
  client = clientFor(emulator.url, clock);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
  removeWorkspaces();
});

function deployInputs(extra: Record<string, string> = {}, files: Record<string, string> = APP_FILES) {
  const workspace = makeWorkspace(files);
  return inputsOf(
    {
      ...emulatorAccess(emulator.url),
      'api-url': emulator.url,
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      ...extra,
    },
    workspace,
  );
}

describe('runFlow against the emulator', () => {
  it('deploys, waits out a ten-minute build on the virtual clock, and sets the outputs', async () => {
    emulator.reset();
    const { ctx, written } = testContext({ inputs: deployInputs(), client, clock });
    const started = clock.now();
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(clock.now() - started).toBeGreaterThanOrEqual(600_000);
    const outputs = Object.fromEntries(written);
    expect(outputs).toMatchObject({
      app: 'shop',
      'app-created': 'true',
      'environment-created': 'true',
      status: 'success',
    });
    expect(outputs.deployment).toMatch(/\/deployments\//);
    expect(emulator.state.environments.filter((e) => e.app === 'shop').map((e) => e.displayName)).toEqual(['staging']);
  });

  it('hands the deployed environment to the webhook step, which then needs no lookup', async () => {
    emulator.reset();
    const inputs = deployInputs({ deploy: 'true', webhook: 'purge-cache', 'webhook-token': 'unknown-yet' });
    const { ctx } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    // The token is wrong (a new environment has a fresh one), so the webhook fails with 401; what
    // matters here is the URL it was sent to: the deployed environment's id, found without a list call.
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([
      ['deploy', 'success'],
      ['webhook', 'failure'],
    ]);
    const envId = emulator.state.environments.find((e) => e.app === 'shop')!.id;
    const calls = emulator.requests().map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(calls.at(-1)).toBe(
      `POST /headless/wh/v1/accounts/demo/apps/shop/environments/${envId}/webhooks/webhook:purgeCache`,
    );
    // A new app has no environments to look through, and the webhook step lists none either.
    expect(calls.filter((c) => c.startsWith('GET') && c.endsWith('/environments'))).toHaveLength(0);
  });

  it('skips the steps after a failed one and says what had been done', async () => {
    emulator.reset();
    const inputs = deployInputs({
      deploy: 'true',
      'copy-from': 'nosuch',
      'copy-to': 'demoprod',
      webhook: 'rebuild',
      'webhook-token': 't',
    });
    const { ctx } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('failure');
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([
      ['deploy', 'success'],
      ['install copy', 'failure'],
      ['webhook', 'skipped'],
    ]);
    expect(report.error).toMatch(/^install copy failed: .*"nosuch" not found/);
    expect(report.error).toMatch(/done so far: app "shop" created; environment "staging" created/);
  });

  it('makes only GET requests in a dry run, and plans every step', async () => {
    emulator.reset();
    const inputs = deployInputs({ 'dry-run': 'true', 'copy-from': 'demostg', 'copy-to': 'demoprod' });
    const { ctx, log } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('planned');
    expect(report.steps.map((s) => s.outcome)).toEqual(['planned', 'planned']);
    expect(new Set(emulator.requests().map((r) => r.method))).toEqual(new Set(['GET']));
    expect(log.lines).toContain('would create app "shop" in region US-C');
  });

  it('wait: false ends as started; the wait step then waits out the build on the virtual clock', async () => {
    emulator.reset();
    const first = testContext({ inputs: deployInputs({ wait: 'false' }), client, clock });
    const uploaded = await runFlow(first.ctx);
    expect(uploaded.status).toBe('started');
    const operation = Object.fromEntries(first.written).operation!;
    expect(Object.fromEntries(first.written).build).toBeUndefined();

    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        operation,
        timeout: '15m',
      },
      makeWorkspace(APP_FILES),
    );
    const second = testContext({ inputs, client, clock });
    const started = clock.now();
    const report = await runFlow(second.ctx);
    expect(report.status).toBe('success');
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([['wait', 'success']]);
    expect(clock.now() - started).toBeGreaterThanOrEqual(590_000);
    expect(Object.fromEntries(second.written).deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
    expect(emulator.state.uploads).toHaveLength(1);
  });

  it('the wait step times out naming the operation, when the build outlasts timeout', async () => {
    emulator.reset();
    const first = testContext({ inputs: deployInputs({ wait: 'false' }), client, clock });
    await runFlow(first.ctx);
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        operation: Object.fromEntries(first.written).operation!,
        timeout: '2m',
      },
      makeWorkspace(APP_FILES),
    );
    const report = await runFlow(testContext({ inputs, client, clock }).ctx);
    expect(report.status).toBe('timeout');
    expect(report.error).toMatch(
      /^wait timed out: operation accounts\/demo\/apps\/shop\/environments\/[\w-]+\/operations\/\w+ .*not done after 2m/,
    );
  });
  it('says a dry run is one, and runs each step in a group named by its plan line', async () => {
    emulator.reset();
    const { ctx, log } = testContext({ inputs: deployInputs({ 'dry-run': 'true' }), client, clock });
    await runFlow(ctx);
    expect(log.lines[0]).toBe('dry run: only GET requests are made; nothing is created, uploaded, copied or triggered');
    expect(log.lines.filter((l) => l.startsWith('::group::'))).toEqual([
      expect.stringMatching(/^::group::deploy: .*"shop".*"staging"/),
    ]);
    expect(emulator.state.uploads).toEqual([]);
  });

  it('a real run says nothing of a dry run', async () => {
    emulator.reset();
    const { ctx, log } = testContext({ inputs: deployInputs(), client, clock });
    await runFlow(ctx);
    expect(log.lines.some((l) => l.startsWith('dry run'))).toBe(false);
  });

  it('times the run and each step on the clock', async () => {
    emulator.reset();
    const { ctx } = testContext({ inputs: deployInputs(), client, clock });
    const started = clock.now();
    const report = await runFlow(ctx);
    expect(report.durationMs).toBe(clock.now() - started);
    const stepMs = report.steps[0]!.durationMs ?? -1;
    expect(stepMs).toBeGreaterThanOrEqual(600_000);
    expect(stepMs).toBeLessThanOrEqual(report.durationMs ?? 0);
  });

  it('wait: false followed by a step that fails ends failure, not started', async () => {
    emulator.reset();
    const inputs = deployInputs({
      deploy: 'true',
      wait: 'false',
      webhook: 'purge-cache',
      'webhook-token': 'unknown-yet',
    });
    const { ctx, written } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([
      ['deploy', 'success'],
      ['webhook', 'failure'],
    ]);
    expect(report.status).toBe('failure');
    expect(Object.fromEntries(written).status).toBe('failure');
  });
  it("skip-without-credentials: a run without any (a fork's pull request) is skipped with a notice, making no request", async () => {
    emulator.reset();
    const inputs = deployInputs({ 'api-user-id': '', 'api-password': '', 'skip-without-credentials': 'true' });
    const { ctx, log, written } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('skipped');
    expect(Object.fromEntries(written)).toEqual({ status: 'skipped' });
    expect(log.lines).toEqual([expect.stringMatching(/^notice: /)]);
    expect(emulator.requests()).toEqual([]);
  });
  it('a deploy whose site is unhealthy ends "unhealthy", and the report carries the url, what was created and the warnings', async () => {
    emulator.reset();
    const workspace = makeWorkspace({ ...APP_FILES, HEALTH_FAIL: '\n' });
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        account: 'demo',
        app: 'shop',
        environment: 'staging',
        'environment-url': 'https://{environment}.shop.example.com',
        'health-url': `${emulator.url}/__sites/{environment-id}/`,
        'health-timeout': '5s',
        exclude: 'no-such-folder/',
      },
      workspace,
    );
    const { ctx, log } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('unhealthy');
    expect(report.error).toMatch(/^deploy found the site unhealthy: /);
    expect(report.error).toMatch(
      /the build succeeded, but the site is unhealthy: not healthy after .*; fix the app \(or health-expect, health-text\), then deploy again/,
    );
    // Without health-text the plan line names none; each attempt is logged; the time is kept.
    expect(log.lines).toContainEqual(expect.stringMatching(/^checking the health of .* \(expect 200-399, up to 5s\)$/));
    expect(log.lines).toContainEqual(expect.stringMatching(/^health check attempt 1: /));
    expect(ctx.record.timings.map((t) => t.label)).toContain('health check');
    expect(report.url).toBe('https://staging.shop.example.com');
    expect(report.created).toEqual([
      expect.stringMatching(/^app "shop"/),
      expect.stringMatching(/^environment "staging"/),
    ]);
    expect(report.warnings).toEqual([expect.stringMatching(/^exclude rule exclude:1 matched nothing/)]);
  });
});

/**
 * The flow hands each step its own logger in front of the run's, which keeps every warning (with
 * secrets taken out) for the job summary. Every other kind of line, groups and progress go
 * through unchanged: a step's error or debug line lost there never reaches the runner.
 */
describe("the flow's logger, as a step sees it", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A logger that also draws progress, as the command line's terminal does. */
  class ProgressLogger extends MemoryLogger {
    readonly events: ProgressEvent[] = [];
    progress(event: ProgressEvent) {
      this.events.push(event);
    }
  }

  async function runStepThat(act: (log: Logger) => Promise<void>, log: MemoryLogger) {
    const inputs = inputsOf(
      {
        'api-user-id': 'demo-user',
        'api-password': 'demo-password',
        'headless-api-url': 'http://127.0.0.1:9/headless',
        operation: 'accounts/demo/apps/shop/environments/e0a1b2c3/operations/op1',
      },
      '/',
    );
    vi.spyOn(waitStep, 'run').mockImplementation(async (ctx) => {
      await act(ctx.log);
      return {};
    });
    const t = testContext({ inputs, log, redact: (s) => s.replaceAll('hunter2', '***') });
    const report = await runFlow(t.ctx);
    return { report, ctx: t.ctx };
  }

  it('passes error, debug, notice, info and warning lines on in order, and keeps the warnings redacted', async () => {
    const log = new MemoryLogger();
    const { report, ctx } = await runStepThat(async (l) => {
      l.error('an error line');
      l.debug('a debug line');
      l.notice('a notice');
      l.info('an info line');
      l.warning('a warning about hunter2');
    }, log);
    expect(report.status).toBe('success');
    expect(log.lines).toEqual([
      expect.stringMatching(/^::group::wait: wait for operation /),
      'error: an error line',
      'debug: a debug line',
      'notice: a notice',
      'an info line',
      'warning: a warning about hunter2',
      '::endgroup::',
    ]);
    expect(ctx.record.warnings).toEqual(['a warning about ***']);
    expect(report.warnings).toEqual(['a warning about ***']);
  });

  it("runs a step's own groups in the run's logger, handing back what they return", async () => {
    const log = new MemoryLogger();
    let got: unknown;
    await runStepThat(async (l) => {
      got = await l.group('inner', async () => {
        l.info('inside');
        return 42;
      });
    }, log);
    expect(got).toBe(42);
    expect(log.lines.slice(1, -1)).toEqual(['::group::inner', 'inside', '::endgroup::']);
  });

  it('passes progress on to a logger that draws it, bound to it; a logger without it gets none', async () => {
    const drawing = new ProgressLogger();
    const event: ProgressEvent = { activity: 'building', state: 'build queued', elapsedMs: 0, timeoutMs: 1 };
    await runStepThat(async (l) => l.progress?.(event), drawing);
    expect(drawing.events).toEqual([event]);
    let offered: unknown = 'unset';
    await runStepThat(async (l) => {
      offered = l.progress;
    }, new MemoryLogger());
    expect(offered).toBeUndefined();
  });
});

describe('what the deploy says and records on its way', () => {
  const githubRecorder = () => keptOnGithub({ app: 'shop', environmentId: 'none', archives: [] });

  it.each([
    ['true', ' and wait for the build'],
    ['false', ''],
  ])('a dry run with wait: %s says what it would upload', async (wait, tail) => {
    emulator.reset();
    const { ctx, log } = testContext({ inputs: deployInputs({ 'dry-run': 'true', wait }), client, clock });
    await runFlow(ctx);
    expect(log.lines).toContainEqual(
      expect.stringMatching(new RegExp(`^would upload 5 files \\(zip \\d+ B\\) to environment "staging"${tail}$`)),
    );
  });

  it('a dry run of one file says "1 file"', async () => {
    emulator.reset();
    const inputs = deployInputs({ 'dry-run': 'true' }, { 'package.json': '{}' });
    const { ctx, log } = testContext({ inputs, client, clock });
    await runFlow(ctx);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^would upload 1 file \(zip \d+ B\) to environment "staging"/),
    );
  });

  it('a dry run that would create the environment: {environment-id} is not known yet, so no url', async () => {
    emulator.reset();
    const inputs = deployInputs({ 'dry-run': 'true', 'environment-url': 'https://{environment-id}.shop.example.com' });
    const { ctx, log, written } = testContext({ inputs, client, clock });
    await runFlow(ctx);
    expect(log.lines).toContain('environment-url: {environment-id} is known once the environment exists');
    expect(Object.fromEntries(written).url).toBeUndefined();
  });

  it('an environment created by the run: {environment-id} filled in with its id, in the url output', async () => {
    emulator.reset();
    const inputs = deployInputs({
      'create-missing': 'true',
      'environment-url': 'https://{environment-id}.shop.example.com/',
    });
    const { ctx, written } = testContext({ inputs, client, clock });
    expect((await runFlow(ctx)).status).toBe('success');
    const out = Object.fromEntries(written);
    expect(out['environment-id']).toMatch(/^[\w-]+$/);
    expect(out.url).toBe(`https://${out['environment-id']}.shop.example.com/`);
  });

  it('wait: false says the build is not awaited and how to follow it', async () => {
    emulator.reset();
    const inputs = deployInputs({ 'create-missing': 'true', wait: 'false' });
    const { ctx, log } = testContext({ inputs, client, clock });
    expect((await runFlow(ctx)).status).toBe('started');
    expect(log.lines).toContain(
      'wait: false: the zip is uploaded and the build is not awaited, so status is "started"; follow the build in the portal, or wait for it in a later step with the "operation" input',
    );
  });

  it('a dry run that would create the environment fills in a url without {environment-id}', async () => {
    emulator.reset();
    const inputs = deployInputs({ 'dry-run': 'true', 'environment-url': 'https://{environment}.shop.example.com' });
    const { ctx, log, written } = testContext({ inputs, client, clock });
    await runFlow(ctx);
    expect(log.lines).toContain('environment URL: https://staging.shop.example.com');
    expect(Object.fromEntries(written).url).toBe('https://staging.shop.example.com');
  });

  it('a display name that makes no valid URL: a warning, the deploy goes on', async () => {
    emulator.reset();
    const inputs = deployInputs({
      environment: 'Staging EU',
      'environment-url': 'https://{environment}.shop.example.com',
    });
    const { ctx, log, written } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^warning: input "environment-url" filled in for environment "Staging EU" /),
    );
    expect(Object.fromEntries(written).url).toBeUndefined();
  });

  it('a health-url that makes no valid URL for the display name: fails saying the site was not checked', async () => {
    emulator.reset();
    const inputs = deployInputs({ environment: 'Staging EU', 'health-url': 'https://{environment}.shop.example.com/' });
    const { ctx, written } = testContext({ inputs, client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      /^deploy failed: .*input "health-url" filled in for environment "Staging EU" .*; the build succeeded, but the site was not checked/,
    );
    expect(Object.fromEntries(written).health).toBeUndefined();
  });

  it('a healthy site: the health output, the log, the summary row; the GitHub Deployment ends success with the url', async () => {
    emulator.reset();
    const { github, statuses } = githubRecorder();
    const inputs = deployInputs({
      'environment-url': 'https://{environment}.shop.example.com',
      'health-url': `${emulator.url}/__sites/{environment-id}/`,
      'health-text': 'shop',
      'health-timeout': '5s',
      'github-deployment': 'true',
      'github-token': 'fake-github-token',
    });
    const { ctx, log, written } = testContext({ inputs, client, clock, github });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(Object.fromEntries(written).health).toBe('healthy');
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^checking the health of .* and the health-text, up to 5s\)$/),
    );
    expect(log.lines).toContainEqual(expect.stringMatching(/^the site is healthy \(/));
    expect(ctx.record.facts).toContain('the site answered healthy');
    expect(Object.fromEntries(ctx.record.details.get('deploy') ?? []).health).toMatch(/^healthy: /);
    expect(statuses).toEqual([
      'in_progress: deploying shop to staging',
      'success: deployed shop to staging <https://staging.shop.example.com>',
    ]);
  });

  it.each([
    ['https://{environment}.shop.example.com', ' <https://staging.shop.example.com>'],
    ['', ''],
  ])('wait: false leaves the GitHub Deployment in progress (environment-url "%s")', async (template, url) => {
    emulator.reset();
    const { github, statuses } = githubRecorder();
    const inputs = deployInputs({
      wait: 'false',
      'environment-url': template,
      'github-deployment': 'true',
      'github-token': 'fake-github-token',
    });
    const { ctx } = testContext({ inputs, client, clock, github });
    const report = await runFlow(ctx);
    expect(report.status).toBe('started');
    expect(statuses).toEqual([
      'in_progress: deploying shop to staging',
      `in_progress: uploaded; the build is not awaited${url}`,
    ]);
  });

  it('keep-archive without the runner’s artifact service: a warning, the deploy stands', async () => {
    emulator.reset();
    const saved = process.env.ACTIONS_RUNTIME_TOKEN;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    try {
      const { ctx, log, written } = testContext({ inputs: deployInputs({ 'keep-archive': 'true' }), client, clock });
      const report = await runFlow(ctx);
      expect(report.status).toBe('success');
      const id = emulator.state.environments.find((e) => e.app === 'shop')!.id;
      expect(log.lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^warning: keep-archive: the deploy succeeded, but its zip could not be kept as artifact "headless-deploy-shop-${id}": `,
          ),
        ),
      );
      expect(Object.fromEntries(written)['archive-artifact-id']).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env.ACTIONS_RUNTIME_TOKEN = saved;
    }
  });
});
