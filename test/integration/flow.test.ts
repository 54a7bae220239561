/**
 * runFlow in-process against the emulator, on one virtual clock shared by the flow and the
 * emulator: a ten-minute build is over in milliseconds, and a step can be tested without
 * bundling or spawning the action.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitStep } from '../../src/steps/wait/step.js';
import { MemoryLogger, type Logger, type ProgressEvent } from '../../src/util/log.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { keptOnGithub } from '../helpers/kept-on-github.js';
import { inputsOf, testContext } from '../helpers/step-context.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { useFlow } from './helpers/flow.js';

const f = useFlow(
  { buildSeconds: 600 },
  { inputs: (e) => ({ 'api-url': e.url, app: 'shop', environment: 'staging' }), files: APP_FILES },
);
const steps = (report: { steps: readonly { name: string; outcome: string }[] }) =>
  report.steps.map((s) => [s.name, s.outcome]);
const WEBHOOK = { deploy: 'true', webhook: 'purge-cache', 'webhook-token': 'unknown-yet' };

describe('runFlow against the emulator', () => {
  it('deploys, waits out a ten-minute build on the virtual clock, sets the outputs, and times the run and the step', async () => {
    const started = f.clock.now();
    const { report, out, lines } = await f.run();
    expect(report.status).toBe('success');
    expect(report.durationMs).toBe(f.clock.now() - started);
    expect(report.steps[0]!.durationMs).toBeGreaterThanOrEqual(600_000);
    expect(report.steps[0]!.durationMs).toBeLessThanOrEqual(report.durationMs!);
    expect(out).toMatchObject({ app: 'shop', 'app-created': 'true', 'environment-created': 'true', status: 'success' });
    expect(out.deployment).toMatch(/\/deployments\//);
    expect(f.emulator.state.environments.filter((e) => e.app === 'shop').map((e) => e.displayName)).toEqual([
      'staging',
    ]);
    expect(lines.some((l) => l.startsWith('dry run'))).toBe(false);
  });

  it.each(['true', 'false'])(
    'hands the deployed environment (wait: %s) to the webhook step, which needs no look-up; its failure is the run’s',
    async (wait) => {
      // The token is wrong (a new environment has a fresh one), so the webhook fails with 401; what
      // matters here is the URL it was sent to: the deployed environment's id, found without a list call.
      const { report, out } = await f.run({ ...WEBHOOK, wait });
      expect(steps(report)).toEqual([
        ['deploy', 'success'],
        ['webhook', 'failure'],
      ]);
      expect(out.status).toBe('failure');
      const envId = f.emulator.state.environments.find((e) => e.app === 'shop')!.id;
      const calls = f.routes();
      expect(calls.at(-1)).toBe(
        `POST /headless/wh/v1/accounts/demo/apps/shop/environments/${envId}/webhooks/webhook:purgeCache`,
      );
      expect(calls.filter((c) => c.startsWith('GET') && c.endsWith('/environments'))).toHaveLength(0);
    },
  );

  it('skips the steps after a failed one and says what had been done', async () => {
    const { report } = await f.run({ ...WEBHOOK, 'copy-from': 'nosuch', 'copy-to': 'demoprod' });
    expect(report.status).toBe('failure');
    expect(steps(report)).toEqual([
      ['deploy', 'success'],
      ['install copy', 'failure'],
      ['webhook', 'skipped'],
    ]);
    expect(report.error).toMatch(/^install copy failed: .*"nosuch" not found/);
    expect(report.error).toMatch(/done so far: app "shop" created; environment "staging" created/);
  });

  it('a dry run says so, makes only GET requests, plans every step, each in a group named by its plan line', async () => {
    const { report, lines } = await f.run({ 'dry-run': 'true', 'copy-from': 'demostg', 'copy-to': 'demoprod' });
    expect(report.status).toBe('planned');
    expect(report.steps.map((s) => s.outcome)).toEqual(['planned', 'planned']);
    expect(new Set(f.emulator.requests().map((r) => r.method))).toEqual(new Set(['GET']));
    expect(lines[0]).toBe('dry run: only GET requests are made; nothing is created, uploaded, copied or triggered');
    expect(lines).toContain('would create app "shop" in region US-C');
    expect(lines.filter((l) => l.startsWith('::group::'))).toEqual([
      expect.stringMatching(/^::group::deploy: .*"shop".*"staging"/),
      expect.stringMatching(/^::group::install copy: /),
    ]);
    expect(f.emulator.state.uploads).toEqual([]);
  });

  it("skip-without-credentials: a run without any (a fork's pull request) is skipped with a notice, making no request", async () => {
    const skip = { 'api-user-id': '', 'api-password': '', 'skip-without-credentials': 'true' };
    const { report, out, lines } = await f.run(skip);
    expect(report.status).toBe('skipped');
    expect(out).toEqual({ status: 'skipped' });
    expect(lines).toEqual([expect.stringMatching(/^notice: /)]);
    expect(f.emulator.requests()).toEqual([]);
  });

  it('a deploy whose site is unhealthy ends "unhealthy", and the report carries the url, what was created and the warnings', async () => {
    const { report, lines, ctx } = await f.run(
      {
        'environment-url': 'https://{environment}.shop.example.com',
        'health-url': `${f.emulator.url}/__sites/{environment-id}/`,
        'health-timeout': '5s',
        exclude: 'no-such-folder/',
      },
      { files: { ...APP_FILES, HEALTH_FAIL: '\n' } },
    );
    expect(report.status).toBe('unhealthy');
    expect(report.error).toMatch(/^deploy found the site unhealthy: the build succeeded, but the site is unhealthy: /);
    expect(report.error).toMatch(/fix the app \(or health-expect, health-text\), then deploy again/);
    // Without health-text the plan line names none; each attempt is logged; the time is kept.
    expect(lines).toContainEqual(expect.stringMatching(/^checking the health of .* \(expect 200-399, up to 5s\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^health check attempt 1: /));
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

  async function runStepThat(act: (log: Logger) => Promise<void>, log: MemoryLogger) {
    const operation = 'accounts/demo/apps/shop/environments/e0a1b2c3/operations/op1';
    const inputs = inputsOf(
      { 'api-user-id': 'u', 'api-password': 'p', 'headless-api-url': 'http://127.0.0.1:9', operation },
      '/',
    );
    vi.spyOn(waitStep, 'run').mockImplementation(async (ctx) => {
      await act(ctx.log);
      return {};
    });
    const t = testContext({ inputs, log, redact: (s) => s.replaceAll('hunter2', '***') });
    return { report: await runFlow(t.ctx), ctx: t.ctx };
  }

  it("passes every kind of line and the step's own groups on in order, and keeps the warnings redacted", async () => {
    const log = new MemoryLogger();
    let got: unknown;
    const { report, ctx } = await runStepThat(async (l) => {
      l.error('an error line');
      l.debug('a debug line');
      l.notice('a notice');
      l.info('an info line');
      l.warning('a warning about hunter2');
      got = await l.group('inner', async () => (l.info('inside'), 42));
    }, log);
    expect(report.status).toBe('success');
    expect(got).toBe(42);
    expect(log.lines).toEqual([
      expect.stringMatching(/^::group::wait: wait for operation /),
      'error: an error line',
      'debug: a debug line',
      'notice: a notice',
      'an info line',
      'warning: a warning about hunter2',
      '::group::inner',
      'inside',
      '::endgroup::',
      '::endgroup::',
    ]);
    expect(ctx.record.warnings).toEqual(['a warning about ***']);
    expect(report.warnings).toEqual(['a warning about ***']);
  });

  it('passes progress on to a logger that draws it, bound to it; a logger without it gets none', async () => {
    const drawing = Object.assign(new MemoryLogger(), {
      events: [] as ProgressEvent[],
      progress(event: ProgressEvent) {
        this.events.push(event);
      },
    });
    const event: ProgressEvent = { activity: 'building', state: 'build queued', elapsedMs: 0, timeoutMs: 1 };
    await runStepThat(async (l) => l.progress?.(event), drawing);
    expect(drawing.events).toEqual([event]);
    let offered: unknown = 'unset';
    await runStepThat(async (l) => void (offered = l.progress), new MemoryLogger());
    expect(offered).toBeUndefined();
  });
});

describe('what the deploy says and records on its way', () => {
  const recorder = () => keptOnGithub({ app: 'shop', environmentId: 'none', archives: [] });
  const GITHUB = { 'github-deployment': 'true', 'github-token': 'fake-github-token' };

  it.each([
    ['true', APP_FILES, '5 files', ' and wait for the build'],
    ['false', APP_FILES, '5 files', ''],
    ['true', { 'package.json': '{}' }, '1 file', ' and wait for the build'],
  ])('a dry run with wait: %s says what it would upload', async (wait, files, count, tail) => {
    const { lines } = await f.run({ 'dry-run': 'true', wait }, { files });
    const said = new RegExp(`^would upload ${count} \\(zip \\d+ B\\) to environment "staging"${tail}$`);
    expect(lines).toContainEqual(expect.stringMatching(said));
  });

  it('a dry run that would create the environment: {environment-id} is not known yet; {environment} is', async () => {
    const byId = await f.run({ 'dry-run': 'true', 'environment-url': 'https://{environment-id}.shop.example.com' });
    expect(byId.lines).toContain('environment-url: {environment-id} is known once the environment exists');
    expect(byId.out.url).toBeUndefined();
    const byName = await f.run({ 'dry-run': 'true', 'environment-url': 'https://{environment}.shop.example.com' });
    expect(byName.lines).toContain('environment URL: https://staging.shop.example.com');
    expect(byName.out.url).toBe('https://staging.shop.example.com');
  });

  it('an environment created by the run: {environment-id} filled in with its id, in the url output', async () => {
    const { report, out } = await f.run({ 'environment-url': 'https://{environment-id}.shop.example.com/' });
    expect(report.status).toBe('success');
    expect(out['environment-id']).toMatch(/^[\w-]+$/);
    expect(out.url).toBe(`https://${out['environment-id']}.shop.example.com/`);
  });

  it('wait: false says the build is not awaited and how to follow it', async () => {
    const { report, lines } = await f.run({ wait: 'false' });
    expect(report.status).toBe('started');
    expect(lines).toContainEqual(
      expect.stringMatching(/^wait: false: .*the build is not awaited, so status is "started"/),
    );
  });

  it('a display name that makes no valid URL: a warning for environment-url, a failure for health-url', async () => {
    const url = 'https://{environment}.shop.example.com';
    const shown = await f.run({ environment: 'Staging EU', 'environment-url': url });
    expect(shown.report.status).toBe('success');
    expect(shown.warnings).toEqual([
      expect.stringMatching(/^warning: input "environment-url" filled in for environment "Staging EU" /),
    ]);
    expect(shown.out.url).toBeUndefined();
    const checked = await f.run({ environment: 'Staging EU', 'health-url': `${url}/` });
    expect(checked.report.error).toMatch(/^deploy failed: .*input "health-url" filled in .*the site was not checked/);
    expect(checked.out.health).toBeUndefined();
  });

  it('a healthy site: the health output, the log, the record; the GitHub Deployment ends success with the url', async () => {
    const { github, statuses } = recorder();
    const { report, out, lines, ctx, details } = await f.run(
      {
        ...GITHUB,
        'environment-url': 'https://{environment}.shop.example.com',
        'health-url': `${f.emulator.url}/__sites/{environment-id}/`,
        'health-text': 'shop',
        'health-timeout': '5s',
      },
      { github },
    );
    expect(report.status).toBe('success');
    expect(out.health).toBe('healthy');
    expect(lines).toContainEqual(expect.stringMatching(/^checking the health of .* and the health-text, up to 5s\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^the site is healthy \(/));
    expect(ctx.record.facts).toContain('the site answered healthy');
    expect(details.health).toMatch(/^healthy: /);
    expect(statuses).toEqual([
      'in_progress: deploying shop to staging',
      'success: deployed shop to staging <https://staging.shop.example.com>',
    ]);
  });

  it.each([
    ['https://{environment}.shop.example.com', ' <https://staging.shop.example.com>'],
    ['', ''],
  ])('wait: false leaves the GitHub Deployment in progress (environment-url "%s")', async (template, url) => {
    const { github, statuses } = recorder();
    const { report } = await f.run({ ...GITHUB, wait: 'false', 'environment-url': template }, { github });
    expect(report.status).toBe('started');
    expect(statuses).toEqual([
      'in_progress: deploying shop to staging',
      `in_progress: uploaded; the build is not awaited${url}`,
    ]);
  });

  it('keep-archive without the runner’s artifact service: a warning, the deploy stands', async () => {
    vi.stubEnv('ACTIONS_RUNTIME_TOKEN', undefined);
    try {
      const { report, warnings, out } = await f.run({ 'keep-archive': 'true' });
      expect(report.status).toBe('success');
      const id = f.emulator.state.environments.find((e) => e.app === 'shop')!.id;
      expect(warnings).toEqual([
        expect.stringMatching(
          `^warning: keep-archive: the deploy succeeded, but its zip could not be kept as artifact "headless-deploy-shop-${id}": `,
        ),
      ]);
      expect(out['archive-artifact-id']).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
