/**
 * The path decisions of the `path` and `exclude-from` inputs with each platform's semantics:
 * `path.win32` for windows-latest (drive letters, `\`, shares, case-insensitive names) and
 * `path.posix` for Linux and macOS, whatever OS runs the tests.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInside, workspaceOf, workspaceRelative } from '../../src/inputs/workspace-path.js';

describe('the path input on Windows', () => {
  const ws = 'C:\\work\\repo';
  const inside = (target: string, base = ws) => resolveInside(ws, base, target, path.win32);

  it.each([
    ['dist', 'C:\\work\\repo\\dist', 'dist'],
    ['.\\dist', 'C:\\work\\repo\\dist', 'dist'],
    ['dist\\', 'C:\\work\\repo\\dist', 'dist'],
    ['.', 'C:\\work\\repo', '.'],
    // `/` and `\` mixed, as a workflow written on Linux and used on Windows has them.
    ['web/dist\\sub', 'C:\\work\\repo\\web\\dist\\sub', 'web/dist/sub'],
    ['C:/work/repo/dist', 'C:\\work\\repo\\dist', 'dist'],
    // Drive-relative on the workspace's own drive: node resolves it against the workspace.
    ['C:dist', 'C:\\work\\repo\\dist', 'dist'],
    // Rooted on the current drive, which is the workspace's.
    ['\\work\\repo\\dist', 'C:\\work\\repo\\dist', 'dist'],
    // NTFS compares names case-insensitively, and so does path.win32: the same directory.
    ['c:\\WORK\\repo\\Dist', 'c:\\WORK\\repo\\Dist', 'Dist'],
    ['..foo', 'C:\\work\\repo\\..foo', '..foo'],
    ['web\\..\\site', 'C:\\work\\repo\\site', 'site'],
  ])('%j is inside: %s, shown as %j', (target, absolute, shown) => {
    expect(inside(target)).toBe(absolute);
    expect(workspaceRelative(ws, absolute, path.win32)).toBe(shown);
  });

  it.each([
    ['D:\\other', 'another drive'],
    ['D:dist', 'drive-relative on another drive'],
    ['C:\\work\\repo2', 'a sibling whose name starts like the workspace'],
    ['C:\\work\\repo-old\\dist', 'a sibling with a suffix'],
    ['..\\x', 'the parent'],
    ['..', 'the parent itself'],
    ['web\\..\\..\\x', 'out through a subdirectory'],
    ['\\\\server\\share', 'a UNC share'],
    ['\\\\server\\share\\repo\\dist', 'a path on a UNC share'],
    ['\\\\?\\C:\\work\\repo\\dist', 'a long-path (\\\\?\\) name, compared as another root'],
    ['\\other', 'another directory of the same drive'],
  ])('%j is outside (%s)', (target) => {
    expect(() => inside(target)).toThrow(/ is outside the workspace; give a path inside it$/);
  });

  it('resolves exclude-from against the path input, within the workspace', () => {
    const web = 'C:\\work\\repo\\web';
    expect(inside('.deployignore', web)).toBe('C:\\work\\repo\\web\\.deployignore');
    expect(inside('..\\.deployignore', web)).toBe('C:\\work\\repo\\.deployignore');
    expect(inside('../.deployignore', web)).toBe('C:\\work\\repo\\.deployignore');
    expect(() => inside('..\\..\\.deployignore', web)).toThrow(/outside the workspace/);
  });

  it('finds the workspace again from the path input and its shown name', () => {
    expect(workspaceOf('C:\\work\\repo\\web\\dist', 'web/dist', path.win32)).toBe('C:\\work\\repo');
    expect(workspaceOf('C:\\work\\repo', '.', path.win32)).toBe('C:\\work\\repo');
    for (const target of ['dist', 'web/dist\\sub', 'c:\\WORK\\repo\\Dist', '.']) {
      const absolute = inside(target);
      const back = workspaceOf(absolute, workspaceRelative(ws, absolute, path.win32), path.win32);
      expect(path.win32.relative(ws, back)).toBe('');
    }
  });
});

describe('the path input on Linux and macOS', () => {
  const ws = '/Users/runner/work/repo';
  const inside = (target: string, base = ws) => resolveInside(ws, base, target, path.posix);

  it.each([
    ['dist', '/Users/runner/work/repo/dist', 'dist'],
    ['./dist/', '/Users/runner/work/repo/dist', 'dist'],
    ['.', ws, '.'],
    // A backslash is a character of a name here, not a separator: one directory, `web\dist`.
    ['web\\dist', '/Users/runner/work/repo/web\\dist', 'web\\dist'],
    ['..\\x', '/Users/runner/work/repo/..\\x', '..\\x'],
    ['C:dist', '/Users/runner/work/repo/C:dist', 'C:dist'],
    ['/Users/runner/work/repo/dist', '/Users/runner/work/repo/dist', 'dist'],
  ])('%j is inside: %s, shown as %j', (target, absolute, shown) => {
    expect(inside(target)).toBe(absolute);
    expect(workspaceRelative(ws, absolute, path.posix)).toBe(shown);
  });

  it.each([
    ['../x', 'the parent'],
    ['/Users/runner/work/repo2', 'a sibling whose name starts like the workspace'],
    ['/tmp', 'elsewhere'],
    // macOS disks are usually case-insensitive, but not always: an absolute path is compared
    // byte for byte, and one cased differently from the workspace is refused (write it relative).
    ['/Users/RUNNER/work/repo/dist', 'the workspace cased differently'],
  ])('%j is outside (%s)', (target) => {
    expect(() => inside(target)).toThrow(/ is outside the workspace/);
  });

  it('finds the workspace again from the path input and its shown name', () => {
    expect(workspaceOf('/Users/runner/work/repo/web/dist', 'web/dist', path.posix)).toBe(ws);
    expect(workspaceOf('/Users/runner/work/repo/web\\dist', 'web\\dist', path.posix)).toBe(ws);
  });
});
