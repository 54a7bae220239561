/**
 * Outside text made harmless in a log line. Two readers would otherwise obey it: a terminal,
 * which runs escape sequences (`escapeControl`), and the runner, which runs workflow commands.
 *
 * The runner's commands: a log line is written as it is, and
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

/**
 * C0 but tab and line feed, DEL, and C1 (U+0080 to U+009F, which some terminals read as ESC
 * followed by a letter). A carriage return is among them: alone, it moves back to the start
 * of the line, and what follows overwrites what the line said.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * Every control character as `\x1b`, two lower-case hex digits, so a name or message from
 * outside (ESC sequences, a title change, a CR that rewrites the line) is shown, not obeyed.
 * The doors apply it to every log line at the sink, once: our own text holds no control
 * character but tab and newline, so only outside text changes. Applying it twice changes
 * nothing more. A backslash stays as it is: a path such as `C:\Users` reads as it should, and a
 * literal `\x1b` from outside is only text.
 */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
