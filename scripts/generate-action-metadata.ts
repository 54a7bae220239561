/**
 * Writes src/inputs/action-metadata.ts from action.yml (see scripts/action-yml.ts), after checking
 * that action.yml leaves the defaults to the engine: the runner passes a `default:` as if the
 * workflow had given it, which would hide what a fleet file sets. A non-secret input's default
 * belongs in src/inputs/input-defaults.ts; only secrets (github-token's `${{ github.token }}`) keep one.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readActionYml, renderActionMetadata, type ActionMetadata } from './action-yml.js';
import { INPUT_DEFAULTS } from '../src/inputs/input-defaults.js';
import { secretValues } from '../src/inputs/secrets.js';

export const METADATA_MODULE = fileURLToPath(new URL('../src/inputs/action-metadata.ts', import.meta.url));

/** What is wrong with where action.yml and the engine's table put the defaults, one line each. */
function defaultsProblems(meta: ActionMetadata): string[] {
  const isSecret = (name: string) => secretValues((asked) => (asked === name ? 'stand-in' : undefined)).length > 0;
  const inYml = [...meta.inputs]
    .filter(([name, value]) => value !== '' && !isSecret(name))
    .map(([name]) => `action.yml: input "${name}" has a default: move it to src/inputs/input-defaults.ts`);
  const unknown = Object.keys(INPUT_DEFAULTS)
    .filter((name) => !meta.inputs.has(name))
    .map((name) => `src/inputs/input-defaults.ts: "${name}" is not an input of action.yml`);
  return [...inYml, ...unknown];
}

const meta = readActionYml();
const problems = defaultsProblems(meta);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
writeFileSync(METADATA_MODULE, renderActionMetadata(meta));
