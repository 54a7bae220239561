/**
 * The engine behind both front doors: wires the real dependencies (environment, the door's log
 * and outputs, undici, the clock, signals) into the flow, and is the one place that ends a run
 * (door.end: setFailed for the action, an exit code for the program).
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createClient } from '../api/client.js';
import { ProxyConfigError, proxySecrets } from '../api/proxy.js';
import { createDispatchers, createProxyFetch, createUndiciTransport, type Dispatchers } from '../api/transport.js';
import { runFlow } from './run-flow.js';
import { createGithubServices, githubEnvironment, type GithubServices } from '../github/services.js';
import type { FrontDoor } from './front-door.js';
import { InputError } from './read-inputs.js';
import { secretValues } from '../inputs/secrets.js';
import type { Inputs } from './run-inputs.js';
import { createOutputs, type Outputs } from '../report/outputs.js';
import { publishPrComment } from './publish-pr-comment.js';
import { renderSummary, type EndStatus, type RunReport } from '../report/summary.js';
import { RunRecord } from '../step-kit/run-record.js';
import { realClock } from '../util/clock.js';
import type { Logger } from '../util/log.js';
import { createRedactor, type Redactor } from '../util/redact.js';
import { tempDirOf } from '../util/temp-dir.js';

/** The environment the door hands the run. */
type Env = FrontDoor['env'];

/**
 * The summary is redacted like the log: it names the app, the environment and the operation, and
 * a secret may stand in any of them (a password that is also the app id, say).
 */
async function writeSummary(door: FrontDoor, report: RunReport, log: Logger, redact: Redactor): Promise<void> {
  if (!door.writeSummary) return;
  try {
    await door.writeSummary(redact(renderSummary(report)));
  } catch (err) {
    log.warning(`job summary not written: ${(err as Error).message}`);
  }
}

function sourceDateEpoch(env: Env): number | undefined {
  const raw = env.SOURCE_DATE_EPOCH;
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** Statuses after which the run did what was asked (or had nothing to do). */
const ENDED_WELL: readonly EndStatus[] = ['success', 'planned', 'skipped', 'started', 'unchanged'];

/** `door`: where the inputs came from (already read and checked) and where the results go. */
export async function runEngine(door: FrontDoor): Promise<void> {
  // Credentials in HTTPS_PROXY / HTTP_PROXY are secrets as much as the inputs are.
  const secrets = [...secretValues(door.getInput), ...proxySecrets(door.env)].sort((a, b) => b.length - a.length);
  for (const s of secrets) door.registerSecret(s);
  const redact = createRedactor(secrets);
  const log = door.logger(redact);
  const outputs = createOutputs(
    (name, value) => door.setOutput(name, value),
    secrets,
    (name) =>
      log.warning(
        `output "${name}" not set: its value contains the value of a secret input, and outputs are written in clear`,
      ),
  );
  const signal = door.cancellation(log);

  let inputsRead = false;
  try {
    if ('error' in door.read) throw door.read.error;
    const { inputs } = door.read;
    inputsRead = true;
    const report = await runSteps(inputs, { env: door.env, log, outputs, signal, redact });
    await writeSummary(door, report, log, redact);
    const ended = ENDED_WELL.includes(report.status);
    door.end({
      status: report.status,
      ...(ended ? {} : { error: redact(report.error ?? report.status) }),
      inputError: false,
    });
  } catch (err) {
    // Input errors end here; so would anything unforeseen, as a message rather than a stack trace.
    outputs.set('status', 'failure');
    const known = err instanceof InputError || err instanceof ProxyConfigError;
    const message = known ? (err as Error).message : `unexpected error: ${(err as Error).message}`;
    const full = redact(inputsRead ? message : `${message}\nno request was made`);
    await writeSummary(door, { status: 'failure', steps: [], error: full }, log, redact);
    door.end({ status: 'failure', error: full, inputError: !inputsRead && known });
  }
}

/**
 * The GitHub services of a run with a token, over the run's own connections: GitHub calls take
 * the same proxy decision, CA and per-request deadline as every platform call (octokit's own
 * fetch would take none of them).
 */
export function githubServicesOver(
  dispatchers: Dispatchers,
  token: string | null,
  env: Env,
  log: Logger,
): GithubServices | undefined {
  if (!token) return undefined;
  return createGithubServices({ ...githubEnvironment(token, env), fetch: createProxyFetch(dispatchers) }, log);
}

interface Wiring {
  env: Env;
  log: Logger;
  outputs: Outputs;
  signal: AbortSignal;
  redact: Redactor;
}

/** Wires the client and runs the steps; the client is closed whatever happens. */
async function runSteps(inputs: Inputs, { env, log, outputs, signal, redact }: Wiring): Promise<RunReport> {
  const tempDir = tempDirOf(env, tmpdir);
  await mkdir(tempDir, { recursive: true });
  // One proxy decision and one set of connections for both APIs, webhooks and the GitHub API.
  const dispatchers = createDispatchers({ env });
  const transport = createUndiciTransport({ dispatchers });
  const client = createClient({
    transport,
    hostingUrl: inputs.hostingUrl ?? undefined,
    headlessUrl: inputs.headlessUrl ?? undefined,
    credentials: inputs.credentials ?? { userId: '', password: '' },
    signal,
    // A deploy job would rather ride out a bad minute than fail and be re-run by hand: more
    // attempts than the client's default 5, within the same 2-minute budget per request. At a
    // 30% fault rate 5 attempts lose about one request in 400, 10 about one in 170,000.
    retry: { attempts: 10 },
    onRetry: (e) =>
      log.info(
        `${e.method} ${e.path}: ${e.reason}; retrying in ${Math.round(e.delayMs)} ms (attempt ${e.attempt + 1})`,
      ),
  });
  const github = githubServicesOver(dispatchers, inputs.githubToken, env, log);
  try {
    const report = await runFlow({
      inputs,
      client,
      log,
      outputs,
      clock: realClock,
      signal,
      record: new RunRecord(),
      tempDir,
      redact,
      sourceDateEpoch: sourceDateEpoch(env),
      github,
      transport,
    });
    await publishPrComment({ inputs, report, outputs, github, log, now: realClock.now(), redact });
    return report;
  } finally {
    await client.close();
  }
}
