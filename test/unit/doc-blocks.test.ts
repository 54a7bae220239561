/**
 * Every fenced block of README.md, CONTRIBUTING.md and docs/*.md is of a kind a test checks, and
 * passes that check; every relative link there leads somewhere:
 * - `sh`: each command is one test/support/doc-commands.ts knows and passes its check (scripts
 *   exist, flags are the program's or the emulator's, files exist); so is every `npm …`, `npx …`,
 *   `bash …`, `node …` and `headless-deploy …` written inline in a sentence;
 * - `yaml`: a workflow, a job or a list of steps, read by GitHub's workflow parser (wrapped into a
 *   workflow when it is a part of one), passing only inputs our actions declare;
 * - `json`: parses as pasted (no comments, no trailing commas); the seed example of
 *   docs/emulator.md starts the emulator, and the `--json` example of docs/cli.md names only
 *   statuses and outputs the action has;
 * - `ts`: type-checked against the source (`headless-deploy/client` is src/api/index.ts); names
 *   the example leaves to the reader (`userId`, `account`) are the only errors allowed;
 * - `text`: output the code prints, produced here by the code and compared, or listed in
 *   UNCHECKED with the reason no test can produce it.
 * A block without a language, or of another one, fails.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator } from '../../emulator/index.js';
import type { Seed } from '../../emulator/store/seed.js';
import { buildError } from '../../src/api/answer-errors.js';
import { gitlabPipeline } from '../../src/doors/cli/gitlab-pipeline.js';
import { parseFleet } from '../../src/inputs/fleet/parse-fleet.js';
import { planFleet } from '../../src/inputs/fleet/plan-fleet.js';
import { INPUT_DEFAULTS } from '../../src/inputs/input-defaults.js';
import {
  blockName,
  DOC_FILES,
  fencedBlocks,
  headingAnchors,
  inlineCode,
  links,
  readDoc,
  ROOT,
  type DocBlock,
} from '../support/doc-blocks.js';
import { shellProblems } from '../support/doc-commands.js';
import { unknownInputs, workflowErrors } from '../support/workflow-parser.js';

const KINDS = ['sh', 'yaml', 'json', 'ts', 'text'] as const;
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const ACTION = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};

/**
 * `text` blocks the code produces, each with how this test makes it. The message of a wrong
 * server: what the client says when headless-api-url leads to a portal's sign-in page.
 */
const PRODUCED: readonly { file: string; startsWith: string; make: () => string }[] = [
  {
    file: 'docs/network.md',
    startsWith: 'GET /v1/accounts/demo/apps/shop: this does not look like',
    make: () =>
      buildError(
        { method: 'GET', path: '/v1/accounts/demo/apps/shop' },
        {
          res: { status: 404, headers: { 'content-type': 'text/html' }, body: '<!doctype html><p>Sign in</p>' },
          failure: undefined,
          url: new URL('https://portal.example.com/v1/accounts/demo/apps/shop'),
          source: 'headless-api-url',
          api: 'headless',
          tokenAuth: false,
          redact: (t) => t,
        },
      ).message,
  },
  {
    // The child pipeline `plan --format gitlab` writes for README's fleet (its json block).
    file: 'README.md',
    startsWith: 'stages:\n  - wave-1',
    make: () => {
      const json = /```json\n(\{\n {2}"defaults"[\s\S]*?)```/.exec(readDoc('README.md'))![1]!;
      const plan = planFleet(parseFleet(json, 'fleet.json').fleet!, null, 'fleet.json');
      return gitlabPipeline(plan, 'fleet.json', PACKAGE_VERSION).trimEnd();
    },
  },
];

/** Blocks no test can check, each with the reason. Keep it short: a checked block is better. */
const UNCHECKED: readonly { file: string; startsWith: string; reason: string }[] = [
  {
    file: 'docs/fleet.md',
    startsWith: 'plan:\n  image: node:24',
    reason: "GitLab's syntax, which GitHub's workflow parser cannot read; its command is checked by fleet-plan.test.ts",
  },
];

const BLOCKS: DocBlock[] = DOC_FILES.flatMap((file) => fencedBlocks(file, readDoc(file)));
const of = (lang: string) => BLOCKS.filter((b) => b.lang === lang).map((b) => [blockName(b), b] as const);
const listed = (list: readonly { file: string; startsWith: string }[], b: DocBlock) =>
  list.find((u) => u.file === b.file && b.text.startsWith(u.startsWith));

describe('fenced blocks of the docs', () => {
  it('finds the blocks it is meant to check, in README and docs', () => {
    expect(DOC_FILES).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/interface.md']));
    for (const lang of ['sh', 'yaml', 'json', 'ts']) expect(of(lang).length, lang).toBeGreaterThan(0);
    expect(BLOCKS.filter((b) => b.file === 'README.md').length).toBeGreaterThan(4);
  });

  it.each(BLOCKS.map((b) => [blockName(b), b] as const))('%s is of a kind a test checks', (_, b) => {
    expect(KINDS, 'give the fence a language: sh, yaml, json, ts or text').toContain(b.lang);
  });

  it('the unchecked list names only blocks that exist', () => {
    for (const u of UNCHECKED)
      expect(
        BLOCKS.some((b) => listed([u], b)),
        u.startsWith,
      ).toBe(true);
  });
});

describe('sh blocks and inline commands', () => {
  it.each(of('sh'))('%s: every command is known and checks out', (_, b) => {
    expect(shellProblems(b.text)).toEqual([]);
  });

  const inline = DOC_FILES.flatMap((file) =>
    inlineCode(readDoc(file))
      .filter((c) => /^(npm|npx|bash|node|headless-deploy) \S/.test(c))
      .map((c) => [`${file}: ${c}`, c] as const),
  );
  it.each(inline)('%s', (_, c) => {
    expect(shellProblems(c)).toEqual([]);
  });

  it('catches what it is for (planted)', () => {
    expect(shellProblems('npm run demoo')).toEqual([expect.stringContaining('no such script')]);
    expect(shellProblems('npx --yes headless-deploy --enviroment production')).toEqual([
      expect.stringContaining('did you mean --environment'),
    ]);
    expect(shellProblems('npm run emulator -- --prot 4010')).toEqual([expect.stringContaining('no flag --prot')]);
    expect(shellProblems('npx headless-deploy emulator --seeds x.json')).toHaveLength(1);
    expect(shellProblems('npm run bench -- stepp')).toEqual([expect.stringContaining('no benchmark "stepp"')]);
    expect(shellProblems('export HEADLESS_DEPLOY_API_USERID=x')).toHaveLength(1);
    expect(shellProblems('bash .ci/nope')).toHaveLength(1);
    expect(shellProblems('curl -fsS http://127.0.0.1:4010/')).toEqual([expect.stringContaining('no rule checks')]);
    expect(shellProblems('npm ci && npm run nope # a comment')).toHaveLength(1);
  });
});

const isMap = (n: unknown): n is Record<string, unknown> => typeof n === 'object' && n !== null && !Array.isArray(n);
const indent = (text: string, n: number) =>
  text
    .split('\n')
    .map((l) => (l === '' ? l : ' '.repeat(n) + l))
    .join('\n');

/** A block as a whole workflow: a list of steps, a job's keys or a workflow without `on:`. */
export function asWorkflow(text: string): string {
  const doc: unknown = parse(text);
  const head = 'on: workflow_dispatch\n';
  if (Array.isArray(doc)) return `${head}jobs:\n  job:\n    runs-on: ubuntu-latest\n    steps:\n${indent(text, 6)}`;
  if (isMap(doc) && 'jobs' in doc) return 'on' in doc ? text : head + text;
  const steps = isMap(doc) && 'steps' in doc ? '' : '    steps:\n      - run: echo\n';
  return `${head}jobs:\n  job:\n    runs-on: ubuntu-latest\n${indent(text, 4)}\n${steps}`;
}

describe('yaml blocks, by GitHub’s workflow parser', () => {
  it.each(of('yaml'))('%s parses as a workflow and passes only declared inputs', async (name, b) => {
    const workflow = asWorkflow(b.text);
    expect(await workflowErrors(name, workflow)).toEqual([]);
    expect(unknownInputs(workflow, name)).toEqual([]);
  });

  /** The `with:` of every step of a workflow that uses this action, as JSON. */
  const ourSteps = (text: string): string[] => {
    const doc: unknown = parse(text);
    const jobs = isMap(doc) && isMap(doc.jobs) ? Object.values(doc.jobs) : [];
    return jobs
      .flatMap((job) => (isMap(job) && Array.isArray(job.steps) ? (job.steps as unknown[]) : []))
      .filter((st): st is Record<string, unknown> => isMap(st) && /headless-deploy@/.test(String(st.uses)))
      .map((st) => JSON.stringify(st.with));
  };
  const examples = readdirSync(join(ROOT, 'examples/workflows')).flatMap((f) =>
    ourSteps(readFileSync(join(ROOT, 'examples/workflows', f), 'utf8')),
  );
  it.each(of('yaml').filter(([, b]) => b.file === 'README.md' && /^jobs:/m.test(b.text)))(
    '%s: its steps are those of a workflow in examples/workflows, which the demo runs',
    (_, b) => {
      expect(ourSteps(b.text).length).toBeGreaterThan(0);
      for (const step of ourSteps(b.text)) expect(examples).toContain(step);
    },
  );

  it('catches a misspelt input and a misspelt key in a list of steps (planted)', async () => {
    const steps = '- uses: your-org/headless-deploy@v1\n  with:\n    app: shop\n';
    expect(unknownInputs(asWorkflow(steps.replace('app:', 'ap:')), 'planted')).toEqual([
      expect.stringContaining('"ap" is not an input'),
    ]);
    expect(await workflowErrors('planted', asWorkflow(steps.replace('with:', 'wiht:')))).not.toEqual([]);
    expect(await workflowErrors('planted', asWorkflow('env:\n  A: 1\nruns_on: x\n'))).not.toEqual([]);
  });
});

describe('json blocks', () => {
  it.each(of('json'))('%s parses as pasted', (_, b) => {
    expect(() => JSON.parse(b.text)).not.toThrow();
  });

  const json = (file: string) =>
    of('json').flatMap(([, b]) => (b.file === file ? [JSON.parse(b.text) as unknown] : []));
  it("docs/emulator.md's seed example starts the emulator, with its apps and environments", async () => {
    const seed = json('docs/emulator.md').find((b) => isMap(b) && Array.isArray(b.accounts) && 'headless' in b) as Seed;
    const emulator = await startEmulator({ port: 0, seed });
    try {
      expect(emulator.state.environments.map((e) => e.displayName).sort()).toEqual(['production', 'staging']);
      expect(emulator.state.environments.find((e) => e.displayName === 'production')!.id).toBe(
        '3f6c1b2a-8d4e-4f1a-9b7c-2e5d8a0c4f13',
      );
    } finally {
      await emulator.close();
    }
  });

  it("docs/cli.md's --json example has a status and outputs the action declares", () => {
    const example = json('docs/cli.md').find((b) => isMap(b) && 'status' in b && 'outputs' in b) as {
      status: string;
      outputs: Record<string, string>;
    };
    const statuses = /`status`\s+\|\s+(.*)\|/.exec(readDoc('README.md'))![1]!;
    expect(statuses).toContain(`\`${example.status}\``);
    expect(Object.keys(example.outputs).filter((name) => !(name in ACTION.outputs))).toEqual([]);
    expect(example.outputs.status).toBe(example.status);
  });
});

/** Cannot find name, no value for a shorthand property: a value the example leaves to the reader. */
const READER_SUPPLIES = new Set([2304, 18004]);

/** Type errors of a TypeScript block, but those about a value the reader supplies. */
function typeErrors(code: string): string[] {
  const file = join(ROOT, 'test', '__doc_block__.ts');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    allowImportingTsExtensions: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, lang, ...rest) =>
    normalize(name) === file ? ts.createSourceFile(name, code, lang) : getSourceFile(name, lang, ...rest);
  host.fileExists = (name) => normalize(name) === file || fileExists(name);
  host.readFile = (name) => (normalize(name) === file ? code : readFile(name));
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .filter((d) => !READER_SUPPLIES.has(d.code))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('ts blocks, type-checked', () => {
  it.each(of('ts'))(
    '%s type-checks against the source',
    (_, b) => {
      expect(typeErrors(b.text)).toEqual([]);
    },
    90_000,
  );

  it('catches a method that does not exist (planted)', () => {
    const [, b] = of('ts')[0]!;
    expect(typeErrors(b.text.replace('iterateInstalls', 'iterateInstals')).join('\n')).toMatch(/iterateInstals/);
  }, 90_000);
});

describe('text blocks', () => {
  it.each(of('text'))('%s is what the code prints, or listed as unchecked', (_, b) => {
    const produced = listed(PRODUCED, b) as (typeof PRODUCED)[number] | undefined;
    if (produced) expect(b.text).toBe(produced.make() + '\n');
    else expect(listed(UNCHECKED, b), 'produce it in PRODUCED, or list it in UNCHECKED with a reason').toBeDefined();
  });
});

describe("README's inputs and outputs tables", () => {
  const readme = readDoc('README.md');
  const sectionOf = (heading: string) =>
    readme.slice(readme.indexOf(`\n## ${heading}\n`), readme.indexOf('\n## ', readme.indexOf(`\n## ${heading}\n`) + 4));
  const rows = (heading: string) => new Set([...sectionOf(heading).matchAll(/^\| `([\w-]+)`/gm)].map((m) => m[1]!));
  it.each([
    ['Inputs', 'inputs'],
    ['Outputs', 'outputs'],
  ] as const)('%s has a row for each of action.yml and no other', (heading, key) => {
    expect([...rows(heading)].sort()).toEqual(Object.keys(ACTION[key]).sort());
  });

  it("shows each input's default: the engine's (src/inputs/input-defaults.ts), or github-token's of action.yml", () => {
    const shown = new Map(
      [...sectionOf('Inputs').matchAll(/^\| `([\w-]+)` +\| ([^|]*?) *\|/gm)].map((m) => [
        m[1]!,
        m[2]!.replace(/^`(.*)`$/, '$1'),
      ]),
    );
    for (const name of Object.keys(ACTION.inputs)) {
      const declared = (ACTION.inputs[name] as { default?: string }).default;
      const expected = INPUT_DEFAULTS[name] ?? declared ?? '';
      expect(shown.get(name) === '(empty)' ? '' : shown.get(name), name).toBe(expected);
    }
  });
});

describe('relative links', () => {
  const all = DOC_FILES.flatMap((file) => links(file, readDoc(file)));
  const relative = all.filter((l) => !/^[a-z][a-z+.-]*:/i.test(l.target));

  it('finds links to files and to headings', () => {
    expect(relative.some((l) => l.target.includes('#'))).toBe(true);
    expect(relative.filter((l) => l.file === 'README.md').length).toBeGreaterThan(10);
  });

  it.each(relative.map((l) => [`${l.file}:${l.line} → ${l.target}`, l] as const))('%s', (_, l) => {
    const [path, anchor] = l.target.split('#') as [string, string | undefined];
    const target = path === '' ? l.file : normalize(join(dirname(l.file), decodeURIComponent(path)));
    expect(existsSync(join(ROOT, target)), `${target} does not exist`).toBe(true);
    if (anchor === undefined) return;
    expect(statSync(join(ROOT, target)).isFile() && target.endsWith('.md'), 'an anchor into a Markdown file').toBe(
      true,
    );
    expect([...headingAnchors(readFileSync(join(ROOT, target), 'utf8'))]).toContain(anchor);
  });

  it('reads anchors as GitHub makes them (planted)', () => {
    const anchors = headingAnchors("# A\n## Health, kept archives and rollback\n## The main thread's `x`\n## A\n");
    expect([...anchors]).toEqual(['a', 'health-kept-archives-and-rollback', 'the-main-threads-x', 'a-1']);
  });
});
