/**
 * The command line: flags → startEmulator() options, the banner on stdout, and stopping on
 * SIGINT/SIGTERM/SIGHUP or when the npm process that launched it exits (launcher-watch.ts).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseAnswerSet, type AnswerSet } from '../config/answers.js';
import { exposedControlWarning } from '../http/loopback.js';
import { startEmulator, type TlsOption } from '../index.js';
import { SeedError } from '../store/seed-check.js';
import { CLI_HELP } from './help.js';
import { stopWithLauncher } from './launcher-watch.js';

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  process.exit(2);
}

function tlsOption(tls: boolean | undefined, certFile: string | undefined, keyFile: string | undefined): TlsOption {
  if (certFile === undefined && keyFile === undefined) return tls ?? false;
  if (tls) fail('give either --tls (generated certificate) or --tls-cert with --tls-key, not both');
  if (certFile === undefined || keyFile === undefined) fail('--tls-cert and --tls-key go together: give both');
  const read = (flag: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      return fail(`${flag}: cannot read "${file}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
  return { certPem: read('--tls-cert', certFile), keyPem: read('--tls-key', keyFile) };
}

function answerSet(value: string | undefined): AnswerSet | undefined {
  if (value === undefined) return undefined;
  try {
    return parseAnswerSet(value, '--answers');
  } catch (e) {
    return fail((e as Error).message);
  }
}

function num(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number ≥ 0, got "${value}"`);
  return n;
}

/** Parses the flags, starts the emulator and prints the banner; exits 2 on a bad flag or seed. */
export async function runCli(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        seed: { type: 'string' },
        answers: { type: 'string' },
        faults: { type: 'string' },
        latency: { type: 'string' },
        'build-seconds': { type: 'string' },
        'max-upload-mb': { type: 'string' },
        'rate-limit': { type: 'string' },
        'require-content-length': { type: 'boolean' },
        tls: { type: 'boolean' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(CLI_HELP);
    return;
  }
  const host = values.host ?? '127.0.0.1';
  const answers = answerSet(values.answers) ?? 'contract';
  const emulator = await startEmulator({
    port: num('port', values.port) ?? 4010,
    host,
    controlHosts: values['allow-host'] ?? [],
    seed: values.seed,
    answers,
    faults: values.faults,
    latencyMs: num('latency', values.latency),
    buildSeconds: num('build-seconds', values['build-seconds']),
    maxUploadMb: num('max-upload-mb', values['max-upload-mb']),
    rateLimitPerSecond: num('rate-limit', values['rate-limit']),
    requireContentLength: values['require-content-length'] ?? false,
    tls: tlsOption(values.tls, values['tls-cert'], values['tls-key']),
  }).catch((e: unknown) => (e instanceof SeedError ? fail(e.message) : Promise.reject(e)));
  // Handlers first: whoever reads the listening line may signal us at once.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A client that never lets go of its connection must not keep the port open.
    setTimeout(() => process.exit(0), 3_000).unref();
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  stopWithLauncher(stop);
  console.log(`emulator listening on ${emulator.url}`);
  console.log(`hosting API: ${emulator.hostingUrl}   headless API: ${emulator.headlessUrl}`);
  console.log(`answers: ${answers}`);
  // A seed file brings its own credentials, which are not ours to print.
  if (values.seed === undefined) {
    console.log('credentials of the default seed: demo-user / demo-password (account "demo")');
  }
  if (emulator.tls?.caPath) console.log(`tls CA certificate: ${emulator.tls.caPath}`);
  const warning = exposedControlWarning(host);
  if (warning) console.error(`emulator: ${warning}`);
}
