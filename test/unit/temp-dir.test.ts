/** Where the zip goes: RUNNER_TEMP or the system's temp dir, and the zip's name in it, per platform. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveFileIn, tempDirOf } from '../../src/util/temp-dir.js';

describe('tempDirOf', () => {
  it.each(['/tmp/runner temp/übung 日本', 'C:\\Users\\RUNNER~1\\AppData\\Local\\Temp'])(
    'takes RUNNER_TEMP %j as given',
    (given) => {
      expect(tempDirOf({ RUNNER_TEMP: given }, () => '/system/tmp')).toBe(given);
    },
  );

  it.each([[{}], [{ RUNNER_TEMP: '' }], [{ RUNNER_TEMP: '   ' }]])(
    'falls back to the system temp dir when RUNNER_TEMP is %j',
    (env) => {
      expect(tempDirOf(env, () => '/system/tmp')).toBe('/system/tmp');
    },
  );
});

describe('archiveFileIn', () => {
  it.each([
    ['D:\\a\\_temp\\', 'D:\\a\\_temp\\headless-deploy-abc.zip'],
    ['D:/a/_temp', 'D:\\a\\_temp\\headless-deploy-abc.zip'],
    ['C:\\Users\\Jürgen Müller\\Temp', 'C:\\Users\\Jürgen Müller\\Temp\\headless-deploy-abc.zip'],
    ['\\\\server\\share\\temp', '\\\\server\\share\\temp\\headless-deploy-abc.zip'],
  ])('on Windows, in %j: %s', (dir, file) => {
    expect(archiveFileIn(dir, 'abc', path.win32)).toBe(file);
  });

  it.each([
    ['/home/runner/work/_temp', '/home/runner/work/_temp/headless-deploy-abc.zip'],
    ['/tmp/runner temp/übung 日本/', '/tmp/runner temp/übung 日本/headless-deploy-abc.zip'],
  ])('on Linux and macOS, in %j: %s', (dir, file) => {
    expect(archiveFileIn(dir, 'abc', path.posix)).toBe(file);
  });
});
