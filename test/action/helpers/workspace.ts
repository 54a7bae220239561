/** Workspaces made per test under os.tmpdir(), and removed when the file is done. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** An app with the things a deploy must leave out: `.git/` and `node_modules/`, at the root and deeper. */
export const APP_FILES: Readonly<Record<string, string>> = {
  'package.json': '{"name":"shop","private":true,"scripts":{"build":"node build.mjs"}}\n',
  'build.mjs': "console.log('built')\n",
  'src/index.html': '<h1>shop</h1>\n',
  'src/app.js': "export const hello = 'world';\n",
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.git/config': '[core]\n\tbare = false\n',
  'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
  'packages/ui/node_modules/dep/index.js': 'module.exports = 1;\n',
  'packages/ui/index.js': 'export default 1;\n',
};

const made: string[] = [];

/** Writes `files` (path → text) into a new directory and returns its absolute path. */
export function makeWorkspace(files: Readonly<Record<string, string>> = APP_FILES): string {
  const root = mkdtempSync(join(tmpdir(), 'hd-action-ws-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

/** For afterAll: removes every workspace this file made. */
export function removeWorkspaces(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
