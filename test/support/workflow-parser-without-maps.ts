/**
 * A Vite plugin for the test configs. The workflow parser ships source maps whose sources it
 * leaves out, and Vite warns once per file about them (72 lines in every run) though nobody reads
 * them: its files are loaded without the map comment.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const PARSER_FILE = /[\\/]@actions[\\/]workflow-parser[\\/]dist[\\/].*\.js$/;

export function workflowParserWithoutMaps(): Plugin {
  return {
    name: 'workflow-parser-without-maps',
    enforce: 'pre',
    load(id) {
      if (!PARSER_FILE.test(id)) return null;
      return readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
    },
  };
}
