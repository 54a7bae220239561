/**
 * What makes `npm ci` quiet, checked from package.json and package-lock.json without installing
 * (`.ci/run` checks the install itself, and fails on any `npm warn` line): every Node that
 * `devEngines` lets develop is one every locked package accepts (else `EBADENGINE`), and every
 * locked package with an install script is decided in `allowScripts` (else `install-scripts`).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface Locked {
  version?: string;
  engines?: Record<string, string> | string[];
  hasInstallScript?: boolean;
  optional?: boolean;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Locked> };
const locked = Object.entries(lock.packages)
  .filter(([path]) => path !== '')
  .map(([path, p]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), ...p }));

const devRange = pkg.devEngines.runtime.version;
/** The lowest version of each line devEngines allows. */
const floors = devRange.split('||').map((r) => semver.minVersion(r.trim())!.version);

describe('a quiet npm ci', () => {
  it('devEngines names Node and refuses another', () => {
    expect(pkg.devEngines.runtime).toMatchObject({ name: 'node', onFail: 'error' });
    expect(floors).toEqual(['20.19.0', '22.13.0', '24.0.0']);
  });

  it.each(floors)('every locked package accepts Node %s, the lowest of a line devEngines allows', (floor) => {
    const refusing = locked
      .filter((p) => p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string')
      .filter((p) => !semver.satisfies(floor, (p.engines as Record<string, string>).node))
      .map((p) => `${p.name}@${p.version} (node ${(p.engines as Record<string, string>).node})`);
    expect(refusing).toEqual([]);
  });

  it('the Node that runs these tests is one devEngines allows', () => {
    expect(semver.satisfies(process.versions.node, devRange)).toBe(true);
  });

  it('the run-time floor (engines) is not above what development needs: the tests run the bundles on it', () => {
    expect(semver.lte(semver.minVersion(pkg.engines.node)!, floors[0]!)).toBe(true);
  });

  it('every locked package with an install script is approved or denied in allowScripts', () => {
    const decided = new Set(Object.keys(pkg.allowScripts ?? {}));
    const undecided = locked.filter((p) => p.hasInstallScript && !decided.has(p.name)).map((p) => p.name);
    expect(undecided).toEqual([]);
  });

  it('allowScripts decides only packages that are locked and have an install script (no stale entry)', () => {
    const withScripts = new Set(locked.filter((p) => p.hasInstallScript).map((p) => p.name));
    expect(Object.keys(pkg.allowScripts ?? {}).filter((name) => !withScripts.has(name))).toEqual([]);
  });
});
