/** Reads what a run reported through workflow commands (`::error::`, `::warning::`). */

/** Undoes @actions/core's escaping of command data (%25, %0D, %0A). */
function unescape(data: string): string {
  return data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

/** The messages of every `::error::` line, unescaped, joined by newlines. */
export function errorsOf(stdout: string): string {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('::error'))
    .map((l) => unescape(l.slice(l.indexOf('::', 2) + 2)))
    .join('\n');
}

/** The log as a person reads it: no `::add-mask::` commands. */
export function visibleLog(stdout: string): string {
  return stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n');
}
