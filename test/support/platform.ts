/**
 * What the OS running the tests can do, for `it.skipIf(!…)` on the few tests that need a file
 * system or a tool only some OSes have. Each is found by trying it once in a temp dir rather than
 * by the OS's name, so a runner that gains (or lacks) a capability is judged by what it does.
 * On Linux every condition holds: there nothing skips. Every test skipped by one is named in
 * test/skip-allowlist.json with its reason and where its behaviour is covered instead.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs `attempt` in a fresh temp dir, removed after; any error means "cannot". */
function probe(attempt: (dir: string) => boolean): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-probe-'));
  try {
    return attempt(dir);
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `mkfifo` makes a named pipe (Linux, macOS; Windows has neither the tool nor the file type). */
export const canMakeFifo = probe((dir) => {
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo], { stdio: 'ignore' });
  return lstatSync(fifo).isFIFO();
});

/**
 * chmod sets, and stat reads back, the permission bits, execute bits included. On Windows chmod
 * only toggles read-only and stat reports every file as 0666 (or 0444): no file is executable.
 */
export const unixModes = probe((dir) => {
  const file = path.join(dir, 'x');
  writeFileSync(file, 'x');
  chmodSync(file, 0o751);
  return (statSync(file).mode & 0o777) === 0o751;
});

/** A name may hold any byte but `/` and NUL: controls, `\`, `:` (Linux, macOS; not NTFS). */
export const posixNames = probe((dir) => {
  const names = ['new\nline', 'back\\slash', 'C:drive', 'del\u007f', 'nel\u0085'];
  for (const name of names) writeFileSync(path.join(dir, name), 'x');
  const listed = readdirSync(dir);
  return names.every((n) => listed.includes(n));
});

/**
 * A name may be bytes that are not UTF-8, listed back as they were written (Linux; APFS refuses
 * such names, and on Windows a name is UTF-16).
 */
export const nonUtf8Names = probe((dir) => {
  const name = Buffer.from([0x66, 0xff, 0x2e, 0x74]);
  writeFileSync(Buffer.concat([Buffer.from(dir + path.sep), name]), 'x');
  return readdirSync(dir, { encoding: 'buffer' }).some((n) => n.equals(name));
});

/** `/proc/self/environ`, the process's secrets as a file (Linux only). */
export const procEnviron = existsSync('/proc/self/environ');

/** A directory listing this process's open descriptors: /proc/self/fd (Linux), /dev/fd (macOS). */
export const openFdDir = ['/proc/self/fd', '/dev/fd'].find((dir) => {
  try {
    readdirSync(dir);
    return true;
  } catch {
    return false;
  }
});

/**
 * A file this process cannot open for reading, made under `dir`, or undefined where none can be
 * had. Mode 000 does it, except for root, who reads any file whatever its mode: for root it is a
 * write-only sysfs attribute (the kernel refuses to read those to anyone). On Windows chmod 000
 * only marks a file read-only, and there is no /sys.
 */
export function unreadableFile(dir: string): string | undefined {
  if (process.getuid?.() === 0) {
    return ['/sys/bus/pci/rescan', '/sys/bus/cpu/uevent'].find((p) => existsSync(p) && !canOpen(p));
  }
  const file = path.join(dir, 'locked.bin');
  writeFileSync(file, 'x');
  chmodSync(file, 0);
  return canOpen(file) ? undefined : file;
}

function canOpen(file: string): boolean {
  try {
    closeSync(openSync(file, 'r'));
    return true;
  } catch {
    return false;
  }
}

export const canMakeUnreadable = probe((dir) => unreadableFile(dir) !== undefined);

/**
 * Info-ZIP's `unzip` is on the PATH (Linux, macOS; not a tool windows-latest is sure to have).
 * Where it is missing, the archive tests check every entry's CRC and size with yauzl instead.
 */
export const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A POSIX `sh` is on the PATH (Linux, macOS; on Windows only if Git's bin directory is there):
 * the README's shell recipe needs one, as a person pasting it does.
 */
export const hasSh = (() => {
  try {
    execFileSync('sh', ['-c', 'exit 0'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
