/**
 * The wait step's row: when `operation` is set (the `operation` output of an earlier run that
 * uploaded with `wait: false`), waits for that operation and reports its build. It uploads
 * nothing, so asking for it together with a deploy is an input error.
 */
import { parseOperationName } from '../../api/operation-name.js';
import { isServerName } from '../../step-kit/server-names.js';
import type { InputReader } from '../../inputs/input-reader.js';
import { parseDuration, quote } from '../../inputs/parsers.js';
import type { SharedInputs } from '../../inputs/types.js';
import { formatDuration } from '../../util/format.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { WaitInputs } from './inputs.js';
import { waitForEarlierOperation } from './run.js';

export const waitStep: StepDefinition<'wait', WaitInputs> = {
  name: 'wait',
  doing: 'waiting for the operation',
  howToRun: '"operation" to wait for an earlier upload',
  owns: ['operation', 'build'],
  outputs: ['operation', 'build', 'deployment'],

  selected(input) {
    if (input.raw('operation') === '') return false;
    if (input.raw('app') !== '' && !/^false$/i.test(input.raw('deploy'))) {
      input.problem(
        'operation',
        'is set together with a deploy ("app" is set); a deploy waits for its own upload: clear "operation", or set deploy: false to only wait',
      );
    }
    return true;
  },

  needs: () => ['headless-api-url', 'api-user-id', 'api-password'],

  read(input: InputReader, shared: SharedInputs): WaitInputs {
    const operation = input.parse('operation', parseOperation);
    const build = input.parse('build', (v) => parseBuild(v, operation));
    // The deploy's row reads `timeout` in every run and reports a bad value; reading it through
    // the reader again would say the same problem twice.
    let timeoutMs: number | null = null;
    try {
      timeoutMs = parseDuration(input.raw('timeout'));
    } catch {
      timeoutMs = null;
    }
    return {
      operation: operation as string,
      build,
      headlessUrl: shared.headlessUrl as string,
      timeoutMs: timeoutMs as number,
    };
  },

  describe(w) {
    const build = w.build ? `, build ${w.build}` : '';
    return `wait for operation ${w.operation}${build} (up to ${formatDuration(w.timeoutMs)})`;
  },

  async run(ctx, w) {
    await waitForEarlierOperation(ctx, w);
    return {};
  },
};

function parseOperation(value: string): string {
  const name = value.replace(/^\/?v1\//, '').replace(/^\//, '');
  try {
    parseOperationName(name);
  } catch {
    throw new Error(
      `${quote(value)} is not an operation name; give the "operation" output of the run that uploaded (accounts/{account}/apps/{app}/environments/{id}/operations/{operation})`,
    );
  }
  return name;
}

/**
 * A build name of the spec's form on the operation's environment, or a bare build id; never
 * `no_build`, which names no build.
 */
function parseBuild(value: string, operation: string | null): string {
  const name = value.replace(/^\/?v1\//, '').replace(/^\//, '');
  const bare = /^[A-Za-z0-9._~-]+$/.test(name);
  if (name === 'no_build' || name.endsWith('/builds/no_build')) {
    throw new Error(
      `${quote(value)} names no build (the service's stand-in before a build starts); give the "build" output of the run that uploaded, or leave "build" empty`,
    );
  }
  if (!bare && !isServerName('builds', name)) {
    throw new Error(
      `${quote(value)} is not a build name; give the "build" output of the run that uploaded (accounts/{account}/apps/{app}/environments/{id}/builds/{build})`,
    );
  }
  if (!bare && operation !== null) {
    const env = (n: string) => n.slice(0, n.indexOf('/', n.indexOf('/environments/') + 14));
    if (env(name) !== env(operation)) {
      throw new Error(
        `${quote(value)} is a build of ${env(name)}, but "operation" is on ${env(operation)}; give the operation and build outputs of the same run`,
      );
    }
  }
  return name;
}
