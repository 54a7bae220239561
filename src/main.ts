/**
 * run(): wires the real dependencies (environment, the runner's workflow commands, undici, the
 * clock, signals) into the flow, and is the one place that calls setFailed.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createClient } from './api/client.js';
import { ProxyConfigError, proxySecrets } from './api/proxy.js';
import { createDispatchers, createProxyFetch, createUndiciTransport } from './api/transport.js';
import { runFlow } from './flow/run-flow.js';
import { createGithubServices, githubEnvironment } from './github/services.js';
import { getInput, readRunInputs, type InputsRead } from './inputs/from-env.js';
import { InputError, secretValues, type Inputs } from './inputs/index.js';
import { createOutputs, type Outputs } from './report/outputs.js';
import { publishPrComment } from './report/publish-pr-comment.js';
import { renderSummary, type RunReport } from './report/summary.js';
import { Journal } from './steps/common/journal.js';
import { processCancellation } from './util/cancellation.js';
import { realClock } from './util/clock.js';
import { neutralizeCommands } from './util/log-guard.js';
import type { Logger } from './util/log.js';
import { createRedactor, type Redactor } from './util/redact.js';
import { tempDirOf } from './util/temp-dir.js';
import { workflowCommands } from './util/workflow-commands.js';

const runner = workflowCommands();

function runnerLogger(redact: Redactor): Logger {
  return {
    info: (m) => runner.info(neutralizeCommands(redact(m))),
    notice: (m) => runner.notice(redact(m)),
    warning: (m) => runner.warning(redact(m)),
    error: (m) => runner.error(redact(m)),
    debug: (m) => runner.debug(redact(m)),
    group: (name, fn) => runner.group(redact(name), fn),
  };
}

/**
 * The summary is redacted like the log: it names the app, the environment and the operation, and
 * a secret may stand in any of them (a password that is also the app id, say).
 */
async function writeSummary(report: RunReport, log: Logger, redact: Redactor): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    runner.appendSummary(redact(renderSummary(report)));
  } catch (err) {
    log.warning(`job summary not written: ${(err as Error).message}`);
  }
}

function sourceDateEpoch(): number | undefined {
  const raw = process.env.SOURCE_DATE_EPOCH;
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** `read`: the inputs as the entry read them before it loaded this module (index.ts). */
export async function run(read: InputsRead = readRunInputs()): Promise<void> {
  // Credentials in HTTPS_PROXY / HTTP_PROXY are secrets as much as the inputs are.
  const secrets = [...secretValues(getInput), ...proxySecrets(process.env)].sort((a, b) => b.length - a.length);
  for (const s of secrets) runner.setSecret(s);
  const redact = createRedactor(secrets);
  const log = runnerLogger(redact);
  const outputs = createOutputs(
    (name, value) => runner.setOutput(name, value),
    secrets,
    (name) =>
      log.warning(
        `output "${name}" not set: its value contains the value of a secret input, and outputs are written in clear`,
      ),
  );
  const signal = processCancellation(log);

  let inputsRead = false;
  try {
    if ('error' in read) throw read.error;
    const { inputs } = read;
    inputsRead = true;
    const report = await runSteps(inputs, { log, outputs, signal, redact });
    await writeSummary(report, log, redact);
    const ended =
      report.status === 'success' ||
      report.status === 'planned' ||
      report.status === 'skipped' ||
      report.status === 'started';
    if (!ended) runner.setFailed(redact(report.error ?? report.status));
  } catch (err) {
    // Input errors end here; so would anything unforeseen, as a message rather than a stack trace.
    outputs.set('status', 'failure');
    const known = err instanceof InputError || err instanceof ProxyConfigError;
    const message = known ? (err as Error).message : `unexpected error: ${(err as Error).message}`;
    const full = redact(inputsRead ? message : `${message}\nno request was made`);
    await writeSummary({ status: 'failure', steps: [], error: full }, log, redact);
    runner.setFailed(full);
  }
}

interface Wiring {
  log: Logger;
  outputs: Outputs;
  signal: AbortSignal;
  redact: Redactor;
}

/** Wires the client and runs the steps; the client is closed whatever happens. */
async function runSteps(inputs: Inputs, { log, outputs, signal, redact }: Wiring): Promise<RunReport> {
  const tempDir = tempDirOf(process.env, tmpdir);
  await mkdir(tempDir, { recursive: true });
  // One proxy decision and one set of connections for both APIs, webhooks and the GitHub API.
  const dispatchers = createDispatchers();
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
  const github = inputs.githubToken
    ? createGithubServices(
        { ...githubEnvironment(inputs.githubToken, process.env), fetch: createProxyFetch(dispatchers) },
        log,
      )
    : undefined;
  try {
    const report = await runFlow({
      inputs,
      client,
      log,
      outputs,
      clock: realClock,
      signal,
      journal: new Journal(),
      tempDir,
      redact,
      sourceDateEpoch: sourceDateEpoch(),
      github,
      transport,
    });
    await publishPrComment({ inputs, report, outputs, github, log, now: realClock.now(), redact });
    return report;
  } finally {
    await client.close();
  }
}
