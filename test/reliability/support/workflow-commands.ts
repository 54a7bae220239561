/**
 * Reads a run's stdout as GitHub's runner does: it splits the stream into lines at `\n`, `\r\n`
 * and a lone `\r`, and takes any line that starts (after white space) with `::` or the older
 * `##[` as a workflow command. A name or a message that smuggles such a line into the log runs
 * a command the action never meant: an `::add-mask::` that hides the log, a forged `::error::`,
 * a `::set-output`.
 */

/** What @actions/core writes for this action: masks, annotations, debug lines and log groups. */
export const COMMANDS_THE_ACTION_EMITS = ['add-mask', 'error', 'warning', 'notice', 'debug', 'group', 'endgroup'];

export interface CommandLine {
  kind: string;
  /** The command's data: what follows its closing `::` (for `##[kind]data`, what follows `]`). */
  data: string;
  line: string;
}

export function runnerLines(stdout: string): string[] {
  return stdout.split(/\r\n|\r|\n/);
}

export function commandLines(stdout: string): CommandLine[] {
  const out: CommandLine[] = [];
  for (const line of runnerLines(stdout)) {
    const t = line.trimStart();
    if (t.startsWith('::')) {
      const end = t.indexOf('::', 2);
      const head = end < 0 ? t.slice(2) : t.slice(2, end);
      out.push({ kind: head.split(' ')[0]!, data: end < 0 ? '' : t.slice(end + 2), line });
    } else if (t.startsWith('##[')) {
      const end = t.indexOf(']');
      const head = end < 0 ? t.slice(3) : t.slice(3, end);
      out.push({ kind: `##[${head.split(' ')[0]!}`, data: end < 0 ? '' : t.slice(end + 1), line });
    }
  }
  return out;
}

/**
 * Command lines the action did not mean: a kind it never emits, or data that begins with
 * `marker` (the attacker's text, which no message of the action starts with).
 */
export function forgedCommands(stdout: string, marker: string): string[] {
  return commandLines(stdout)
    .filter((c) => !COMMANDS_THE_ACTION_EMITS.includes(c.kind) || c.data.startsWith(marker))
    .map((c) => c.line);
}
