/** Reads what a run of the action reported through workflow commands, as the runner shows it. */

/** Undoes @actions/core's escaping of command data (%25, %0D, %0A). */
function unescape(data: string): string {
  return data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

/** The messages of every `::<kind>::` line (and `::<kind> props::`), unescaped, in order. */
export function annotations(stdout: string, kind: 'error' | 'warning' | 'notice'): string[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith(`::${kind}::`) || l.startsWith(`::${kind} `))
    .map((l) => unescape(l.slice(l.indexOf('::', 2) + 2)));
}

/** The messages of every `::error::` line, joined by newlines ('' when there is none). */
export function errorsOf(stdout: string): string {
  return annotations(stdout, 'error').join('\n');
}

/** The log as a person reads it: no `::add-mask::` commands. */
export function visibleLog(stdout: string): string {
  return stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n');
}
