/**
 * The fleet file: what it may hold and how each mistake is said (parseFleet), where it may lie
 * and how big it may be (readFleetFile), and where the defaults live now that action.yml gives
 * none a fleet could set.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionYml } from '../../scripts/action-yml.js';
import { parseFleet, SECRET_INPUT_NAMES } from '../../src/inputs/fleet/parse-fleet.js';
import { MAX_FLEET_BYTES, readFleetFile } from '../../src/inputs/fleet/read-fleet-file.js';
import { INPUT_DEFAULTS } from '../../src/inputs/input-defaults.js';
import { useTempDir } from './helpers/temp-dir.js';

const ONE = 'targets:\n  - { name: shop-staging, app: shop, environment: staging }\n';
const problemsOf = (text: string) => parseFleet(text, 'fleet.yml').problems;

describe('parseFleet', () => {
  it('reads YAML and JSON alike: defaults, fields, watch (default path/**), wave (default 1), with', () => {
    const yaml = `defaults:\n  account: acme\n  path: web\n  timeout: 20m\n  exclude: [a, b]\ntargets:
  - { name: shop-staging, app: shop, environment: staging, path: ./apps/shop/, with: { wait: false } }
  - { name: blog, app: blog, environment: production, wave: 2, watch: [apps/blog/**, ./lib/**] }
  - { name: root, app: r, environment: e, path: . }\n`;
    const fleet = parseFleet(yaml, 'fleet.yml').fleet!;
    expect(fleet.defaults).toEqual({ account: 'acme', path: 'web', timeout: '20m', exclude: 'a\nb' });
    expect(fleet.targets.map((t) => [t.name, t.watch, t.wave, t.with])).toEqual([
      ['shop-staging', ['apps/shop/**'], 1, { wait: 'false' }],
      ['blog', ['apps/blog/**', 'lib/**'], 2, {}],
      ['root', ['**'], 1, {}],
    ]);
    const json = JSON.stringify({ targets: [{ name: 'a', app: 'x', environment: 'y' }] });
    expect(parseFleet(json, 'fleet.json').fleet!.targets[0]!.watch).toEqual(['**']);
  });

  it.each([
    ['an unknown top field, with the nearest', `${ONE}target: 1\n`, /unknown field "target": did you mean "targets"\?/],
    [
      'an unknown target field',
      'targets:\n  - { name: a, app: x, environment: y, wach: z }\n',
      /target "a": unknown field "wach": did you mean "watch"\?/,
    ],
    [
      'an input that does not exist',
      `defaults: { timout: 5m }\n${ONE}`,
      /defaults sets "timout", which is not an input: did you mean "timeout"\?/,
    ],
    [
      'an unknown input in with',
      'targets:\n  - { name: a, app: x, environment: y, with: { helth-url: u } }\n',
      /target "a"\.with sets "helth-url".*did you mean "health-url"\?/,
    ],
    [
      'a field set in with',
      'targets:\n  - { name: a, app: x, environment: y, with: { app: z } }\n',
      /with sets "app": set it as the target's own field/,
    ],
    ['an input about the fleet', `defaults: { target: a }\n${ONE}`, /"target", which only a workflow step may give/],
    [
      'a bad name',
      'targets:\n  - { name: Shop_1, app: x, environment: y }\n',
      /targets\[0\]: name "Shop_1" must be lower-case/,
    ],
    [
      'a name given twice',
      `${ONE}  - { name: shop-staging, app: y, environment: z }\n`,
      /"shop-staging" is named twice/,
    ],
    ['a missing app', 'targets:\n  - { name: a, environment: y }\n', /target "a": "app" is missing/],
    [
      'a wave that is not a whole number',
      'targets:\n  - { name: a, app: x, environment: y, wave: 1.5 }\n',
      /"wave" must be a whole number/,
    ],
    [
      'a watch glob out of the workspace',
      'targets:\n  - { name: a, app: x, environment: y, watch: ../x/** }\n',
      /leaves the workspace/,
    ],
    ['no targets', 'defaults: {}\n', /"targets" must be a list of at least one target/],
    ['a value that is a map', `defaults: { timeout: { a: 1 } }\n${ONE}`, /defaults\.timeout must be a text/],
    ['a syntax error, with its line', 'targets:\n  - [\n', /fleet\.yml: line \d+: /],
    ['a JSON mistake, with its line', '{\n  "targets": [\n}\n', /fleet\.yml: line \d+: /],
    ['a key given twice', `${ONE}${ONE}`, /line 3: Map keys must be unique/],
  ])('refuses %s', (_, text, problem) => {
    const problems = problemsOf(text);
    expect(problems.join('\n')).toMatch(problem);
    expect(problems.every((p) => p.startsWith('input "fleet": fleet.yml: '))).toBe(true);
  });

  it('reports every mistake at once', () => {
    expect(problemsOf('targets:\n  - { name: A, app: x, environment: y, wach: z }\n  - { name: b }\n')).toHaveLength(4);
  });

  it.each(SECRET_INPUT_NAMES.map((n) => [n]))('refuses the secret %s without echoing its value', (name) => {
    const problems = problemsOf(`defaults:\n  ${name}: hunter2-value\n${ONE}`).join('\n');
    expect(problems).toMatch(new RegExp(`"${name}", a secret`));
    expect(problems).not.toContain('hunter2');
    expect(
      problemsOf(`targets:\n  - { name: a, app: x, environment: y, with: { ${name}: hunter2-value } }\n`).join('\n'),
    ).not.toContain('hunter2');
  });

  it('knows the secrets from secrets.ts, webhook-url among them', () => {
    expect([...SECRET_INPUT_NAMES].sort()).toEqual([
      'api-password',
      'api-user-id',
      'archive-key',
      'github-token',
      'webhook-token',
      'webhook-url',
    ]);
  });
});

describe('readFleetFile', () => {
  const tmp = useTempDir('fleet-file-');
  const write = (name: string, text: string) => {
    mkdirSync(join(tmp.dir, name, '..'), { recursive: true });
    writeFileSync(join(tmp.dir, name), text);
  };

  it('reads a file inside the workspace and names it relative to it', () => {
    write('ops/fleet.yml', ONE);
    const read = readFleetFile(tmp.dir, './ops/fleet.yml');
    expect(read.file).toBe('ops/fleet.yml');
    expect(read.fleet?.targets).toHaveLength(1);
  });

  it.each([
    ['outside the workspace', () => '../fleet.yml', /is outside the workspace/],
    [
      'a link out of the workspace',
      () => (symlinkSync('/etc/hostname', join(tmp.dir, 'l.yml')), 'l.yml'),
      /leads out of the workspace through a symbolic link/,
    ],
    ['missing', () => 'nope.yml', /does not exist in the workspace/],
    ['a directory', () => (mkdirSync(join(tmp.dir, 'd')), 'd'), /is not a regular file/],
    [
      'over 1 MiB',
      () => (write('big.yml', `${ONE}#${'x'.repeat(MAX_FLEET_BYTES)}`), 'big.yml'),
      /more than a fleet file's 1 MiB/,
    ],
  ])('refuses a file %s', (_, make, problem) => {
    const read = readFleetFile(tmp.dir, make());
    expect(read.fleet).toBeNull();
    expect(read.problems.join('\n')).toMatch(problem);
  });
});

describe('the defaults, applied by the engine', () => {
  const declared = readActionYml();
  it('action.yml gives a default to no input but the secret github-token (the runner would pass it over a fleet)', () => {
    expect([...declared.inputs].filter(([, d]) => d !== '').map(([n]) => n)).toEqual(['github-token']);
  });
  it('the table names only inputs of action.yml, and never a secret', () => {
    for (const name of Object.keys(INPUT_DEFAULTS)) {
      expect(declared.inputs.has(name), name).toBe(true);
      expect(SECRET_INPUT_NAMES, name).not.toContain(name);
    }
  });
});
