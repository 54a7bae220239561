/**
 * The deploy's `allow-files` input. Loaded at every start with the input rules, so nothing
 * heavier is imported here. (`max-archive-size`, which the rollback step reads too, is parsed by
 * `parseSize` in src/inputs/parsers.ts.)
 */
import { parseLines } from '../../inputs/parsers.js';
import { quote } from '../../inputs/quote.js';

/** The `allow-files` input: gitignore-style globs, as `exclude` takes. */
export function parseAllowFiles(value: string): string[] {
  const lines = parseLines(value);
  for (const line of lines) {
    if (line.startsWith('!')) {
      throw new Error(
        `${quote(line)} starts with "!", which means nothing here; list the files meant to be uploaded, one glob a line`,
      );
    }
  }
  return [...lines];
}
