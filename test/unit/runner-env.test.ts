/**
 * The environment the end-to-end tests give the action (scripts/runner.ts): only what a process
 * needs on each OS. The table checks the allow-list with each platform's naming rules; the last
 * test starts a real node with it on whatever OS runs the tests (windows-latest and macos-latest
 * in CI), and has it do what the action does: temp files, randomness, a loopback socket.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { osEssentials } from '../../scripts/runner.js';

const MACHINE = {
  GITHUB_TOKEN: 'ghs_of_the_machine',
  HTTPS_PROXY: 'http://proxy.internal:3128',
  npm_config_registry: 'https://registry.example',
  NODE_OPTIONS: '--require ./hook.js',
};

describe('osEssentials', () => {
  it('on Windows keeps the essentials under their canonical names, whatever their case', () => {
    // Each canonical name, as the runner's environment spells it.
    const spelt: Record<string, string> = {
      PATH: 'Path',
      SystemRoot: 'SYSTEMROOT',
      SystemDrive: 'SystemDrive',
      windir: 'windir',
      ComSpec: 'COMSPEC',
      ...Object.fromEntries(
        'PATHEXT TEMP TMP USERPROFILE APPDATA LOCALAPPDATA HOMEDRIVE HOMEPATH'.split(' ').map((n) => [n, n]),
      ),
    };
    const env = { ...MACHINE, TMPDIR: '/not/on/windows' } as Record<string, string>;
    for (const [name, given] of Object.entries(spelt)) env[given] = `value of ${name}`;
    expect(osEssentials(env, 'win32')).toEqual(
      Object.fromEntries(Object.keys(spelt).map((name) => [name, `value of ${name}`])),
    );
  });

  it('on Linux and macOS keeps PATH, HOME and TMPDIR, by their exact names', () => {
    const env = {
      ...MACHINE,
      PATH: '/usr/bin',
      HOME: '/Users/runner',
      TMPDIR: '/var/folders/xy/T/',
      SystemRoot: 'C:\\Windows',
      Path: 'not PATH here',
    };
    expect(osEssentials(env, 'darwin')).toEqual({
      PATH: '/usr/bin',
      HOME: '/Users/runner',
      TMPDIR: '/var/folders/xy/T/',
    });
    expect(osEssentials({ PATH: '/usr/bin' }, 'linux')).toEqual({ PATH: '/usr/bin' });
  });

  it('starts node on this OS with only the essentials, able to do what the action does', () => {
    const script = [
      "const os = require('node:os'), fs = require('node:fs'), path = require('node:path');",
      "const net = require('node:net'), crypto = require('node:crypto');",
      "const file = path.join(os.tmpdir(), 'hd-env-' + crypto.randomBytes(6).toString('hex'));",
      "fs.writeFileSync(file, 'x'); fs.rmSync(file);",
      'const server = net.createServer((s) => s.end()).listen(0, "127.0.0.1", () => {',
      '  const c = net.connect(server.address().port, "127.0.0.1", () => { c.destroy(); server.close();',
      '    process.stdout.write(JSON.stringify(Object.keys(process.env).sort())); });',
      '});',
    ].join('\n');
    const env = osEssentials({ ...process.env, ...MACHINE }, process.platform);
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' })) as string[];
    // Windows adds a few of its own (e.g. `=C:`); nothing of the machine's other variables gets in.
    for (const name of Object.keys(MACHINE)) expect(seen).not.toContain(name);
    expect(seen.map((n) => n.toUpperCase())).toContain('PATH');
  });
});
