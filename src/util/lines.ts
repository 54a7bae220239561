/**
 * The lines of a multiline input or of a file the workspace holds. A line ends in `\n` or in
 * `\r\n`: a value pasted from a Windows editor, a secret saved with CRLF or an exclude-from file
 * checked out with `core.autocrlf` all end their lines in `\r\n`, and that `\r` must never become
 * the last character of a pattern, a variable name or a value sent to the API. A lone `\r` is
 * no line ending (git reads .gitignore the same way) and stays where it is.
 */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}
