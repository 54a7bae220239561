/**
 * What in a zip is worth a word: names that look like secrets, sizes that are almost always a
 * mistake, the `max-archive-size` limit and its boundaries, and the inputs that tune them.
 */
import { describe, expect, it } from 'vitest';
import type { ArchivePlan, PlanEntry } from '../../src/archive/index.js';
import { npmrcHasCredential, secretKindOf } from '../../src/archive/plan/secret-names.js';
import {
  overLimitError,
  secretLookingFiles,
  secretWarnings,
  sizeWarning,
  WARN_AT,
} from '../../src/steps/deploy/archive-checks.js';
import { parseAllowFiles } from '../../src/steps/deploy/archive-inputs.js';
import { parseSize } from '../../src/inputs/parsers.js';

const MiB = 1024 * 1024;

describe('secretKindOf: which names look like secrets', () => {
  it.each([
    ['env', '.env .env.production .env.staging .env.development'],
    ['key', 'server.pem tls.key id_rsa id_ed25519 id_ecdsa id_dsa id_ed25519_sk id_rsa.old id_rsa_backup'],
    ['npmrc', '.npmrc'],
    // Templates, public keys and names that only look alike.
    [null, '.env.example .env.sample .env.template .env.defaults .env.production.example .env.local.example'],
    [null, '.envrc env environment.ts dotenv.js npmrc key.pem.pub keys.json keyboard.ts monkey'],
    [null, 'id_rsa.pub id_ed25519.pub id_rsa_backup.pub id_token.ts id_rsakey.md'],
  ])('%s: %s', (kind, names) => {
    expect(Object.fromEntries(names.split(' ').map((n) => [n, secretKindOf(n)]))).toEqual(
      Object.fromEntries(names.split(' ').map((n) => [n, kind])),
    );
  });
});

describe('npmrcHasCredential', () => {
  it.each([
    ['//registry.npmjs.org/:_authToken=npm_abc123\n', true],
    ['registry=https://r.example.com/\n//r.example.com/:_auth=dXNlcjpwYXNz\n', true],
    ['//r.example.com/:_password=cGFzcw==\n', true],
    ['_authToken = abc\n', true],
    ['registry=https://registry.npmjs.org/\nsave-exact=true\n', false],
    ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n', true],
    ['# //registry.npmjs.org/:_authToken=old\n', false],
    ['; _auth=old\n', false],
    ['//registry.npmjs.org/:_authToken=\n', false],
    ['', false],
  ])('%j → %s', (text, has) => expect(npmrcHasCredential(text)).toBe(has));
});

const file = (name: string, size = 1): PlanEntry => ({
  name,
  absPath: `/ws/${name}`,
  size,
  mode: 0o644,
  kind: 'file',
  dev: 1,
  ino: 1,
});

function planOf(entries: PlanEntry[]): ArchivePlan {
  return {
    root: '/ws',
    entries,
    totalBytes: entries.reduce((n, e) => n + e.size, 0),
    skipped: [],
    rules: [],
    unmatchedRules: [],
    hasRootPackageJson: true,
  };
}

describe('secretLookingFiles and their warnings', () => {
  const entries = [
    file('package.json'),
    file('.env'),
    file('.env.example'),
    file('apps/api/.env.production'),
    file('certs/server.pem'),
    file('.npmrc'),
    file('packages/ui/.npmrc'),
    { ...file('linked.env'), kind: 'symlink' as const, linkTarget: '.env' },
  ];
  const withToken = (e: PlanEntry) => e.name === '.npmrc';

  it('finds them by name, an .npmrc only with a credential, and never a link', () => {
    expect(secretLookingFiles(entries, [], withToken)).toEqual([
      '.env',
      'apps/api/.env.production',
      'certs/server.pem',
      '.npmrc',
    ]);
  });

  it('leaves out what allow-files lists, in gitignore syntax', () => {
    expect(secretLookingFiles(entries, ['.env', '*.pem'], withToken)).toEqual(['apps/api/.env.production', '.npmrc']);
    // Anchored: only the root's .env.
    expect(secretLookingFiles(entries, ['/.env*'], withToken)).toEqual([
      'apps/api/.env.production',
      'certs/server.pem',
      '.npmrc',
    ]);
  });

  it('one warning per file up to five, naming exclude and allow-files; one with a count beyond', () => {
    const five = ['a/.env', 'b/.env', 'c/.env', 'd/.env', 'e/.env'];
    const warnings = secretWarnings(five);
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toBe(
      '"a/.env" looks like it holds secrets and will be uploaded; leave it out with the exclude input (or exclude-from), or, if it is meant to be uploaded, list it in allow-files',
    );
    const many = secretWarnings([...five, 'f/.env', 'g/.env']);
    expect(many).toHaveLength(1);
    expect(many[0]).toBe(
      '7 files that look like they hold secrets will be uploaded: "a/.env", "b/.env", "c/.env", "d/.env", "e/.env" and 2 more (all in the job summary); leave them out with the exclude input (or exclude-from), or, if they are meant to be uploaded, list them in allow-files',
    );
    expect(secretWarnings([])).toEqual([]);
  });
});

describe('sizes', () => {
  it('warns once when over several thresholds, naming each, the largest files, exclude and max-archive-size', () => {
    const at = { fileBytes: 1000, archiveBytes: 1000, files: 3 };
    expect(sizeWarning(planOf([file('a', 1001), file('b'), file('c'), file('d')]), at)).toBe(
      'the archive is larger than a web app usually is (a file over 1000 B; 1004 B in all, over 1000 B; 4 files, over 3); largest: "a" (1001 B), "b" (1 B), "c" (1 B), "d" (1 B); leave out what the app does not need with the exclude input (or exclude-from), or set max-archive-size to make a size an error',
    );
  });

  // The thresholds docs/archive.md gives, by their numbers: at each, no warning; one more, one.
  it.each([
    ['one file of 52,428,800 bytes', [file('a.bin', 52_428_800)], [file('a.bin', 52_428_801)], 'a file over 50.0 MiB'],
    [
      '524,288,000 bytes in all',
      [file('a.bin', 52_428_800), ...Array.from({ length: 9 }, (_, i) => file(`b${i}.bin`, 52_428_800))],
      [file('a.bin', 52_428_800), ...Array.from({ length: 9 }, (_, i) => file(`b${i}.bin`, 52_428_800)), file('c')],
      '500.0 MiB in all, over 500.0 MiB',
    ],
    [
      '20,000 files',
      Array.from({ length: 20_000 }, (_, i) => file(`f${i}`)),
      Array.from({ length: 20_001 }, (_, i) => file(`f${i}`)),
      '20,001 files, over 20,000',
    ],
  ])('the default thresholds: %s is not warned about, one more is', (_, at, over, words) => {
    expect(sizeWarning(planOf(at))).toBeNull();
    expect(sizeWarning(planOf(over))).toContain(`(${words})`);
  });

  it('says which of the files it names a .gitignore lists, asking about those five only', () => {
    const plan = planOf([file('dump.sql', 3000), file('logs/a.log', 2000), ...'bcdef'.split('').map((n) => file(n))]);
    const at = { fileBytes: 1000, archiveBytes: 10_000, files: 100 };
    const asked: string[][] = [];
    const listing = (listed: string[]) => (names: readonly string[]) => (asked.push([...names]), listed);
    expect(sizeWarning(plan, at, listing(['dump.sql']))).toContain(
      '"d" (1 B); "dump.sql" is listed in .gitignore: set respect-gitignore: true to leave out what .gitignore lists; leave out',
    );
    expect(asked).toEqual([['dump.sql', 'logs/a.log', 'b', 'c', 'd']]);
    expect(sizeWarning(plan, at, listing(['dump.sql', 'logs/a.log']))).toContain('"dump.sql", "logs/a.log" are listed');
    expect(sizeWarning(plan, at, listing([]))).not.toContain('.gitignore');
  });

  it('names at most five of the largest files, with sizes', () => {
    const entries = Array.from({ length: 8 }, (_, i) => file(`f${i}.bin`, WARN_AT.fileBytes + i + 1));
    const warning = sizeWarning(planOf(entries))!;
    expect(warning).toContain('8 files over 50.0 MiB');
    expect(warning.match(/"f\d\.bin"/g)).toEqual(['"f7.bin"', '"f6.bin"', '"f5.bin"', '"f4.bin"', '"f3.bin"']);
  });

  it('max-archive-size: exactly the limit passes, one byte over fails, naming size, limit and largest', () => {
    const plan = planOf([file('big.sql', 3 * MiB), file('index.js', 1000)]);
    expect(overLimitError(plan, plan.totalBytes)).toBeNull();
    expect(overLimitError(plan, plan.totalBytes + 1)).toBeNull();
    const error = overLimitError(plan, plan.totalBytes - 1)!;
    expect(error).toBe(
      `input "max-archive-size": the files to upload add up to 3.0 MiB (3,146,728 bytes), over the limit of 3.0 MiB (3,146,727 bytes); nothing was uploaded; largest: "big.sql" (3.0 MiB), "index.js" (1000 B); leave out what the app does not need with the exclude input (or exclude-from), or raise max-archive-size`,
    );
  });
});

describe('parseSize', () => {
  it.each([
    ['500MB', 500 * MiB],
    ['500 MB', 500 * MiB],
    ['500mb', 500 * MiB],
    ['2GB', 2 * 1024 * MiB],
    ['1.5GB', 1.5 * 1024 * MiB],
    ['800KB', 800 * 1024],
    ['800KiB', 800 * 1024],
    ['1MiB', MiB],
    ['1048576', MiB],
    ['1', 1],
    ['10 B', 10],
    [' 3M ', 3 * MiB],
  ])('%j → %d bytes', (value, bytes) => expect(parseSize(value)).toBe(bytes));

  it.each([
    ['500 parsecs', /unknown unit "parsecs"/],
    ['5TB', /unknown unit "TB"/],
    ['0', /no size at all/],
    ['0.1', /no size at all/],
    ['-5MB', /is not a size/],
    ['1e9', /is not a size/],
    ['99999999999GB', /too large/],
  ])('%j is refused', (value, message) => expect(() => parseSize(value)).toThrow(message));

  it('says what a size looks like when it is not one', () => {
    expect(() => parseSize('lots')).toThrow(
      new Error('"lots" is not a size; give a size such as 500MB, 2GB or 800KB (units of 1024), or a number of bytes'),
    );
  });
});

describe('parseAllowFiles', () => {
  it('reads one glob a line, comments and blanks aside, and refuses a "!" line', () => {
    expect(parseAllowFiles('.env\n# note\n\n  certs/*.pem  ')).toEqual(['.env', 'certs/*.pem']);
    expect(() => parseAllowFiles('.env\n!.env.production')).toThrow(/"!.env.production" starts with "!"/);
  });
});
