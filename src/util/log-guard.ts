/**
 * Lines the runner would read as workflow commands. A log line is written as it is, and
 * the runner takes any line that starts with `::` (or the older `##[`) as a command: a file
 * name, a server message or a display name holding `\n::add-mask::…` or `\r::error::…` would
 * run a command we never meant. Warnings, errors, notices, debug lines and group names travel as
 * command data, which is escaped (util/workflow-commands.ts); plain log lines go through this.
 */
const COMMAND_START = /^\s*(?:::|##\[)/;

/** Every line that would start a command gets a visible `» ` in front, so it stays text. */
export function neutralizeCommands(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (COMMAND_START.test(line) ? `» ${line}` : line))
    .join('\n');
}
