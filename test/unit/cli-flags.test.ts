/** The program's command line: flags and HEADLESS_DEPLOY_* variables to inputs, and what is refused. */
import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../src/util/did-you-mean.js';
import { BOOLEAN_INPUTS, envNameOf, parseCommandLine } from '../../src/doors/cli/flags.js';
import { githubOnlyProblems } from '../../src/doors/cli/github-only.js';
import { cutToWidth, firstSentence, HELP_WIDTH, helpText } from '../../src/doors/cli/help.js';
import { ACTION_INPUT_DESCRIPTIONS, ACTION_INPUTS } from '../../src/inputs/action-metadata.js';
import { INPUT_DEFAULTS } from '../../src/inputs/input-defaults.js';

type Env = Record<string, string>;

describe('flags and variables become inputs', () => {
  it.each<[string, string[], Env, Record<string, string>]>([
    ['a flag with a value', ['--app', 'shop'], {}, { app: 'shop' }],
    ['a flag with =', ['--app=shop'], {}, { app: 'shop' }],
    ['a variable', [], { HEADLESS_DEPLOY_APP: 'shop' }, { app: 'shop' }],
    ['a variable with - as _', [], { HEADLESS_DEPLOY_API_PASSWORD: 'pw' }, { 'api-password': 'pw' }],
    ['a flag wins over a variable', ['--app', 'flag'], { HEADLESS_DEPLOY_APP: 'env' }, { app: 'flag' }],
    ['a boolean alone is true', ['--dry-run'], {}, { 'dry-run': 'true' }],
    ['--no-name is false', ['--no-wait'], {}, { wait: 'false' }],
    ['a boolean takes the next word when it is one', ['--wait', 'FALSE'], {}, { wait: 'false' }],
    ['a boolean with =', ['--wait=false'], {}, { wait: 'false' }],
    ['--no-name wins over the variable', ['--no-wait'], { HEADLESS_DEPLOY_WAIT: 'true' }, { wait: 'false' }],
    ['a flag given twice, the same', ['--app', 'shop', '--app=shop'], {}, { app: 'shop' }],
    ['a line input repeated adds lines', ['--exclude', '*.log', '--exclude', 'tmp/'], {}, { exclude: '*.log\ntmp/' }],
    [
      '--allow-files repeated adds lines',
      ['--allow-files', '.env', '--allow-files=*.pem'],
      {},
      { 'allow-files': '.env\n*.pem' },
    ],
    ['a value starting with - by =', ['--env-vars=-X=1'], {}, { 'env-vars': '-X=1' }],
    ['an unrelated variable is no input', [], { HOME: '/root', HEADLESS_DEPLOY_NODE24: '/bin/node' }, {}],
  ])('%s', (_name, argv, env, inputs) => {
    const cl = parseCommandLine(argv, env);
    expect(cl.problems).toEqual([]);
    expect(cl.inputs).toEqual(inputs);
  });

  it('program flags are not inputs', () => {
    const cl = parseCommandLine(['--json', '--summary', 'out.md', '--verbose'], {});
    expect(cl).toMatchObject({ json: true, summary: 'out.md', verbose: true, help: false, inputs: {} });
  });

  it('every input has a variable named after it', () => {
    expect(envNameOf('api-user-id')).toBe('HEADLESS_DEPLOY_API_USER_ID');
    for (const name of ACTION_INPUTS) {
      expect(parseCommandLine([], { [envNameOf(name)]: 'x' }).inputs).toEqual({ [name]: 'x' });
    }
  });

  it('the booleans are the inputs whose default is true or false', () => {
    expect(BOOLEAN_INPUTS).toContain('dry-run');
    expect(BOOLEAN_INPUTS).toContain('wait');
    expect(BOOLEAN_INPUTS).not.toContain('app');
  });
});

describe('what the command line refuses: each problem and the inputs it still reads, exactly', () => {
  const unknown = (flag: string, meant?: string) =>
    `unknown flag ${flag}${meant ? `: did you mean ${meant}?` : ''} (--help lists every flag)`;
  const unexpected = (word: string) => `unexpected argument "${word}": inputs are flags (--name VALUE); see --help`;
  const needsValue = (flag: string) =>
    `flag ${flag} needs a value: ${flag} VALUE, or ${flag}=VALUE for a value starting with "-"`;
  it.each<[string[], Record<string, string>, string[]]>([
    // A misspelled flag does not swallow its value as a stray word.
    [['--ap', 'shop'], {}, [unknown('--ap', '--app')]],
    [['--enviroment', 'x'], {}, [unknown('--enviroment', '--environment')]],
    [['--dyr-run'], {}, [unknown('--dyr-run', '--dry-run')]],
    [['--zzzzzzzz'], {}, [unknown('--zzzzzzzz')]],
    [['--no-app'], {}, [unknown('--no-app')]],
    // A --no- with another mark is not taken for one: the wait stays as it was.
    [['--no_wait'], {}, [unknown('--no_wait')]],
    [['--no-wait=true'], {}, ['flag --no-wait takes no value']],
    [['--app'], {}, [needsValue('--app')]],
    [['deploy'], {}, [unexpected('deploy')]],
    [['--app', 'shop', 'deploy'], { app: 'shop' }, [unexpected('deploy')]],
    [['--ap=shop', 'deploy'], {}, [unknown('--ap', '--app'), unexpected('deploy')]],
    [
      ['--wait', 'flase'],
      { wait: 'true' },
      ['flag --wait takes true or false, got "flase": --wait, --no-wait or --wait=false'],
    ],
    [['--wait=false', 'true'], { wait: 'false' }, [unexpected('true')]],
    [['--app', 'a', '--app', 'b'], { app: 'a' }, ['flag --app is given twice, with different values: give it once']],
    // The words after a flag that took the next flag as its value are read again as flags, from their own place.
    [['--app', '--environment', 'x'], { environment: 'x' }, [needsValue('--app')]],
    [
      ['--app', '--environment', 'staging', 'extra'],
      { environment: 'staging' },
      [needsValue('--app'), unexpected('extra')],
    ],
    [
      ['--app', '--account', '--environment', 'x'],
      { environment: 'x' },
      [needsValue('--app'), needsValue('--account')],
    ],
    [
      ['--account', 'demo', '--app', '--environment', '--path', 'web'],
      { account: 'demo', path: 'web' },
      [needsValue('--app'), needsValue('--environment')],
    ],
  ])('%j: %j, %j', (argv, inputs, problems) => {
    const cl = parseCommandLine(argv, {});
    expect(cl.problems).toEqual(problems);
    expect(cl.inputs).toEqual(inputs);
  });

  it.each([['--verbose=false'], ['--no-verbose'], ['--verbose', 'false']])('%s is not verbose', (...argv) => {
    const cl = parseCommandLine(argv, {});
    expect(cl.problems).toEqual([]);
    expect(cl.verbose).toBe(false);
  });
});

describe('warnings', () => {
  it.each([
    ['api-password', 'HEADLESS_DEPLOY_API_PASSWORD'],
    ['github-token', 'HEADLESS_DEPLOY_GITHUB_TOKEN'],
  ])('a secret given as a flag (--%s) is taken, with a warning naming its variable', (name, variable) => {
    const cl = parseCommandLine([`--${name}`, 'pw'], {});
    expect(cl.inputs[name]).toBe('pw');
    expect(cl.warnings).toEqual([expect.stringContaining(`process list; set ${variable} instead`)]);
    expect(cl.warnings[0]).not.toContain('pw');
  });

  it('a secret given as a variable is not worth a warning', () => {
    expect(parseCommandLine([], { HEADLESS_DEPLOY_API_PASSWORD: 'pw' }).warnings).toEqual([]);
  });

  it('a misspelled variable is named, with the one meant', () => {
    expect(parseCommandLine([], { HEADLESS_DEPLOY_ENVIROMENT: 'x' }).warnings).toEqual([
      'HEADLESS_DEPLOY_ENVIROMENT is not an input and is ignored: did you mean HEADLESS_DEPLOY_ENVIRONMENT?',
    ]);
  });
});

describe('didYouMean', () => {
  it.each<[string, string | null]>([
    ['ap', 'app'],
    ['enviroment', 'environment'],
    ['webhook_url', 'webhook-url'],
    ['env', 'environment'],
    ['x', null],
    ['banana', null],
  ])('%s → %s', (wanted, meant) => {
    expect(didYouMean(wanted, ['app', 'environment', 'webhook-url', 'wait'])).toBe(meant);
  });
});

describe('GitHub-only inputs outside GitHub Actions', () => {
  // [inputs, environment, the inputs refused]; kept archives (rollback) are GitHub artifacts.
  it.each<[Env, Env, string[]]>([
    [{ 'github-deployment': 'true' }, {}, ['github-deployment']],
    [{ 'pr-comment': 'true' }, {}, ['pr-comment']],
    [{ 'sweep-previews': 'true' }, {}, ['sweep-previews']],
    [{ 'rollback-on-failure': 'true' }, {}, ['rollback-on-failure']],
    [{ rollback: 'previous' }, {}, ['rollback']],
    // Their defaults, given as such, are no problem; on GitHub Actions they are the action's to check.
    [{ 'pr-comment': 'false', 'github-deployment': 'FALSE' }, {}, []],
    [{ 'pr-comment': 'true' }, { GITHUB_ACTIONS: 'true' }, []],
  ])('%j in %j: %j', (inputs, env, refused) => {
    const needs = (name: string) => expect.stringMatching(`^input "${name}" needs the GitHub Actions environment`);
    expect(githubOnlyProblems(inputs, env)).toEqual(refused.map(needs));
  });
});

describe('--help', () => {
  const help = helpText('1.2.3');
  const lines = help.split('\n');
  it('lists every input as a flag and a variable, then a line of what it means, with its default', () => {
    for (const name of ACTION_INPUTS) {
      const at = lines.findIndex((l) => new RegExp(`^  --(\\[no-\\])?${name}\\b.* ${envNameOf(name)}$`).test(l));
      expect(at, name).toBeGreaterThan(0);
      const meaning = lines[at + 1]!;
      // The first words of action.yml's description, never a blank.
      expect(meaning, name).toMatch(/^ {6}\S/);
      expect(meaning.trim().slice(0, 12), name).toBe(ACTION_INPUT_DESCRIPTIONS[name]!.slice(0, 12));
      const def = INPUT_DEFAULTS[name];
      if (def && !def.startsWith('${{')) expect(meaning, name).toContain(`default ${JSON.stringify(def)}`);
    }
  });

  it('fits 100 columns: a long meaning is its first sentence, cut at a word with …', () => {
    expect(lines.filter((l) => l.length > HELP_WIDTH)).toEqual([]);
    expect(firstSentence('App id (appId). Setting it turns deploy on.')).toBe('App id (appId).');
    expect(firstSentence('A file of patterns, e.g. .deployignore (at most 10,000 rules).')).toMatch(/rules\)\.$/);
    expect(cutToWidth('one two three four', 12)).toBe('one two…');
    expect(cutToWidth('one two', 12)).toBe('one two');
  });

  it('names the version, the exit codes and the emulator', () => {
    expect(help).toContain('headless-deploy 1.2.3');
    expect(help).toMatch(/2 input error/);
    expect(help).toContain('headless-deploy emulator');
  });
});
