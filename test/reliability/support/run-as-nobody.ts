/**
 * Runs the action as the unprivileged user `nobody`. The suites run as root, whom no file mode
 * stops, so this is how a file the action cannot read is made: the runner's files go in a
 * directory nobody may write, and a node wrapper drops privileges, then loads the action in the
 * same process (a shell wrapper would drop the INPUT_* variables: their names hold hyphens).
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOutputFile, runAction, type RunOptions, type RunResult } from '../../../scripts/runner.js';
import { tempDir } from './workspace.js';

const NOBODY = 65534;

export async function runActionAsNobody(o: RunOptions): Promise<RunResult> {
  const dir = tempDir('as-nobody');
  chmodSync(dir, 0o777);
  const output = join(dir, 'output');
  const summary = join(dir, 'summary');
  const temp = join(dir, 'temp');
  for (const f of [output, summary]) {
    writeFileSync(f, '');
    chmodSync(f, 0o666);
  }
  mkdirSync(temp, { mode: 0o777 });
  chmodSync(temp, 0o777);
  const wrapper = join(dir, 'node-as-nobody.mjs');
  writeFileSync(
    wrapper,
    `#!${process.execPath}\nprocess.setgroups([]);\nprocess.setgid(${NOBODY});\nprocess.setuid(${NOBODY});\nawait import(process.argv[2]);\n`,
  );
  chmodSync(wrapper, 0o755);
  chmodSync(o.workspace, 0o755);
  const result = await runAction({
    ...o,
    node: wrapper,
    env: { ...o.env, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, RUNNER_TEMP: temp, HOME: dir },
  });
  return {
    ...result,
    outputs: parseOutputFile(readFileSync(output, 'utf8')),
    summary: readFileSync(summary, 'utf8'),
    tempLeft: readdirSync(temp),
  };
}

/** Whether this process may switch user (it runs as root); the unreadable cases need it. */
export const canRunAsNobody = process.getuid?.() === 0;
