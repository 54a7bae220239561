/**
 * Lines the runner would read as workflow commands. A log line is written as it is, and
 * the runner takes any line that starts with `::` (or the older `##[`) as a command: a file
 * name, a server message or a display name holding `\n::add-mask::…` or `\r::error::…` would
 * run a command we never meant. Warnings, errors, notices, debug lines and group names travel as
 * command data, which @actions/core escapes as `escapeData` does; plain log lines go through
 * `neutralizeCommands`.
 */
const COMMAND_START = /^\s*(?:::|##\[)/;

/** Every line that would start a command gets a visible `» ` in front, so it stays text. */
export function neutralizeCommands(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (COMMAND_START.test(line) ? `» ${line}` : line))
    .join('\n');
}

/**
 * Command data as the runner reads it back: `%`, CR and LF escaped, so the text cannot end a
 * line early or start a new one. The program (src/doors/cli/) prints its outputs this way.
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
