/**
 * Static checks of every workflow of the repository (.github/workflows, examples/workflows) and
 * of the YAML blocks of the docs (test/support/doc-blocks.ts), for what lets an attacker in:
 * - an expression (`${{ … }}`) inside `run:`: the value is pasted into the script before the
 *   shell reads it, so a server-chosen name or a pull request title runs as code. Values reach a
 *   script through `env:`;
 * - a checkout that leaves its token in .git/config for every later step, and (the case that
 *   hurts most) a job that may write and runs npm (every dependency's install scripts) after one;
 * - an npm cache restored into the release build;
 * - an action referenced by a tag, which its owner (or whoever takes over the owner) can move.
 * docs/security.md lists these rules and why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { blockName, DOC_FILES, fencedBlocks, readDoc, ROOT } from '../support/doc-blocks.js';
import { workflowFiles } from './helpers/workflows.js';

/**
 * `uses:` that are not pinned by commit, and why that is right. Our own action appears in
 * examples as users write it: `your-org` stands for the user's copy, which they pin themselves
 * (docs/security.md says how).
 */
const UNPINNED_ALLOWED: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /^\.\/|^\.$/, reason: 'an action of this repository, at the commit being run' },
  {
    pattern: /^(your-org|OWNER)\/headless-deploy(\/emulator)?@v1$/,
    reason: 'this action as a user writes it; the placeholder owner is theirs to pin',
  },
];

interface YamlSource {
  name: string;
  text: string;
}

const WORKFLOWS: YamlSource[] = workflowFiles().map((name) => ({ name, text: readFileSync(join(ROOT, name), 'utf8') }));
const BLOCKS: YamlSource[] = DOC_FILES.flatMap((file) =>
  fencedBlocks(file, readDoc(file)).flatMap((b) => (b.lang === 'yaml' ? [{ name: blockName(b), text: b.text }] : [])),
);
const ALL = [...WORKFLOWS, ...BLOCKS];

type Node = unknown;
const isMap = (n: Node): n is Record<string, Node> => typeof n === 'object' && n !== null && !Array.isArray(n);

/** Every `run:` value found anywhere in the document, with where it is. */
function runValues(node: Node, path = ''): { path: string; run: string }[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => runValues(n, `${path}[${i}]`));
  if (!isMap(node)) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'run' && typeof value === 'string'
      ? [{ path: `${path}.run`, run: value }]
      : runValues(value, path ? `${path}.${key}` : key),
  );
}

/** `${{` inside a `run:` value: an expression the runner pastes into the script. */
export function expressionsInRun(text: string): string[] {
  return runValues(parse(text) as Node)
    .filter((r) => r.run.includes('${{'))
    .map(
      (r) =>
        `${r.path}: ${r.run
          .split('\n')
          .find((l) => l.includes('${{'))!
          .trim()}`,
    );
}

function writes(permissions: Node): boolean {
  if (permissions === 'write-all') return true;
  return isMap(permissions) && Object.values(permissions).some((v) => v === 'write');
}

const RUNS_PACKAGES = /\b(npm|npx|yarn|pnpm)\b|\.ci\/run/;

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, Node>;
  env?: Record<string, Node>;
}

function jobsOf(doc: Node): [string, Record<string, Node>][] {
  const jobs = isMap(doc) && isMap(doc.jobs) ? doc.jobs : {};
  return Object.entries(jobs).filter((e): e is [string, Record<string, Node>] => isMap(e[1]));
}

const stepsOf = (job: Record<string, Node>): Step[] =>
  Array.isArray(job.steps) ? (job.steps.filter(isMap) as Step[]) : [];

/** Jobs that may write, run package scripts, and leave the checkout's token in .git/config. */
export function tokenLeftForPackages(text: string): string[] {
  const doc = parse(text) as Node;
  const workflowPermissions = isMap(doc) ? doc.permissions : undefined;
  return jobsOf(doc).flatMap(([id, job]) => {
    const permissions = 'permissions' in job ? job.permissions : workflowPermissions;
    // No permissions block at all: the repository's default, which may be write.
    const mayWrite = permissions === undefined || writes(permissions);
    const steps = stepsOf(job);
    const runsPackages = steps.some((s) => typeof s.run === 'string' && RUNS_PACKAGES.test(s.run));
    const keepsToken = steps.some(
      (s) => s.uses?.startsWith('actions/checkout@') && s.with?.['persist-credentials'] !== false,
    );
    return mayWrite && runsPackages && keepsToken ? [`jobs.${id}`] : [];
  });
}

/** Checkouts that leave the token in .git/config, where every later step (and action) can read it. */
export function checkoutsKeepingToken(text: string): string[] {
  return jobsOf(parse(text) as Node).flatMap(([id, job]) =>
    stepsOf(job).flatMap((s, i) =>
      s.uses?.startsWith('actions/checkout@') && s.with?.['persist-credentials'] !== false
        ? [`jobs.${id} step ${i + 1}`]
        : [],
    ),
  );
}

/** Steps of a workflow that restore a package cache (setup-node's `cache:`, actions/cache). */
export function restoredCaches(text: string): string[] {
  return jobsOf(parse(text) as Node).flatMap(([id, job]) =>
    stepsOf(job).flatMap((s, i) =>
      (s.with && 'cache' in s.with) || s.uses?.startsWith('actions/cache') ? [`jobs.${id} step ${i + 1}`] : [],
    ),
  );
}

/**
 * `uses:` lines not pinned as `owner/repo[/path]@<40 hex> # <tag>`, and not allowed above. Read
 * from the text: the tag lives in the comment, which a YAML parser drops.
 */
export function unpinnedActions(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:-\s+)?uses:\s*['"]?([^\s'"#]+)['"]?\s*(#.*)?$/gm)) {
    const uses = m[1]!;
    const comment = m[2] ?? '';
    if (UNPINNED_ALLOWED.some((a) => a.pattern.test(uses))) continue;
    const pinned = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/.test(uses) && /^#\s*v\d+(\.\d+)*\s*$/.test(comment);
    if (!pinned) found.push(`${uses} ${comment}`.trim());
  }
  return found;
}

describe('workflows: what lets an attacker in', () => {
  it('finds the workflows and the documented YAML it is meant to check', () => {
    expect(WORKFLOWS.map((w) => w.name)).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        '.github/workflows/release.yml',
        'examples/workflows/preview.yml',
      ]),
    );
    expect(BLOCKS.some((b) => b.name.startsWith('README.md'))).toBe(true);
    expect(BLOCKS.some((b) => b.name.startsWith('docs/'))).toBe(true);
  });

  it.each(ALL.map((s) => [s.name, s] as const))('%s: no ${{ }} inside run:', (_, s) => {
    expect(expressionsInRun(s.text)).toEqual([]);
  });

  it.each(WORKFLOWS.map((s) => [s.name, s] as const))(
    '%s: no job that may write runs npm with the checkout token in .git/config',
    (_, s) => {
      expect(tokenLeftForPackages(s.text)).toEqual([]);
    },
  );

  it.each(WORKFLOWS.map((s) => [s.name, s] as const))('%s: every checkout sets persist-credentials: false', (_, s) => {
    expect(checkoutsKeepingToken(s.text)).toEqual([]);
  });

  it.each(ALL.map((s) => [s.name, s] as const))(
    '%s: every action is pinned by commit, its tag in a comment',
    (_, s) => {
      expect(unpinnedActions(s.text)).toEqual([]);
    },
  );

  describe('the release', () => {
    const text = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
    const jobs = Object.fromEntries(jobsOf(parse(text) as Node));
    const runs = (id: string) => stepsOf(jobs[id]!).flatMap((s) => (typeof s.run === 'string' ? [s.run] : []));
    const uses = (id: string) => stepsOf(jobs[id]!).flatMap((s) => (s.uses ? [s.uses.replace(/@.*/, '')] : []));

    it('builds and packs without a cache and with a read-only token; only the jobs that must, write', () => {
      expect(restoredCaches(text)).toEqual([]);
      expect(jobs.build!.permissions).toEqual({ contents: 'read' });
      expect(runs('build').some((r) => r.includes('npm ci'))).toBe(true);
      expect(runs('build').some((r) => /npm pack\b/.test(r))).toBe(true);
      const writers = Object.entries(jobs).filter(([, job]) => writes(job.permissions));
      expect(writers.map(([id]) => id).sort()).toEqual(['attach', 'publish', 'tag']);
      expect(jobs.publish!.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    });

    it('writes with no checkout that could run a package script, and no install', () => {
      // tag checks out the tag only to compare bundles; it runs no npm at all.
      for (const id of ['publish', 'attach', 'tag']) {
        expect(
          runs(id).filter((r) => /\b(npm (ci|install|i|run|exec|pack|rebuild)|npx|yarn|pnpm)\b/.test(r)),
          id,
        ).toEqual([]);
      }
      expect(uses('publish')).not.toContain('actions/checkout');
      expect(uses('attach')).toEqual(['actions/download-artifact']);
      expect(uses('tag')).not.toContain('actions/setup-node');
      // publish sends the file the build job packed, as it is: no script of it runs.
      expect(runs('publish')).toEqual([
        expect.stringMatching(
          /npm publish "\$PACKED\/headless-deploy-[^"]*\.tgz" --provenance --access public .*--ignore-scripts/,
        ),
      ]);
      expect(runs('attach')).toEqual([expect.stringMatching(/^gh release upload "\$TAG" "\$PACKED\/headless-deploy-/)]);
    });

    it('gives each token to the one step that writes with it', () => {
      /** What a step does with a token: the one write it is for, or its whole script. */
      const writeOf = (run = '') =>
        /git -c http\.extraheader=\S+ basic \$basic" push /.test(run)
          ? 'git push'
          : (/^(gh release upload|npm publish) /m.exec(run)?.[1] ?? run);
      const given = (pattern: RegExp) =>
        Object.entries(jobs).flatMap(([id, job]) =>
          stepsOf(job)
            .filter((s) => pattern.test(JSON.stringify(s.env ?? {})))
            .map((s) => `${id}: ${writeOf(s.run)}`),
        );
      // No job's or workflow's env: only these steps, each naming its token once in the file.
      expect(text.match(/github\.token|secrets\.GITHUB_TOKEN/g)).toHaveLength(2);
      expect(given(/github\.token/).sort()).toEqual(['attach: gh release upload', 'tag: git push']);
      expect(text.match(/secrets\.NPM_TOKEN/g)).toHaveLength(1);
      expect(given(/secrets\.NPM_TOKEN/)).toEqual(['publish: npm publish']);
    });
  });

  it('dependabot keeps the actions and the npm packages current', () => {
    const config = parse(readFileSync(join(ROOT, '.github/dependabot.yml'), 'utf8')) as {
      updates: { 'package-ecosystem': string }[];
    };
    expect(config.updates.map((u) => u['package-ecosystem'])).toEqual(
      expect.arrayContaining(['github-actions', 'npm']),
    );
  });
});

describe('the checks catch what they are for (planted)', () => {
  const job = (steps: string, permissions = 'contents: write') =>
    `on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    permissions:\n      ${permissions}\n    steps:\n${steps}`;

  it('an output pasted into run:, and only there', () => {
    const bad = job('      - run: echo "${{ steps.deploy.outputs.build }}"\n');
    expect(expressionsInRun(bad)).toEqual([expect.stringContaining('steps.deploy.outputs.build')]);
    const multi = job('      - run: |\n          set -e\n          echo ${{ github.event.pull_request.title }}\n');
    expect(expressionsInRun(multi)).toHaveLength(1);
    const good = job(
      '      - env:\n          BUILD: ${{ steps.deploy.outputs.build }}\n        if: ${{ always() }}\n        run: echo "$BUILD"\n',
    );
    expect(expressionsInRun(good)).toEqual([]);
  });

  it('a writing job that runs npm after a checkout that keeps its token', () => {
    const checkout = '      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n';
    expect(tokenLeftForPackages(job(`${checkout}      - run: npm ci\n`))).toEqual(['jobs.j']);
    const dropped = `${checkout}        with:\n          persist-credentials: false\n      - run: npm ci\n`;
    expect(tokenLeftForPackages(job(dropped))).toEqual([]);
    expect(tokenLeftForPackages(job(`${checkout}      - run: npm ci\n`, 'contents: read'))).toEqual([]);
    expect(tokenLeftForPackages(job(`${checkout}      - run: git push\n`))).toEqual([]);
    // Any checkout that keeps its token, whatever the job runs or may do.
    expect(checkoutsKeepingToken(job(`${checkout}      - run: git push\n`, 'contents: read'))).toEqual([
      'jobs.j step 1',
    ]);
    const kept = `${checkout}        with:\n          persist-credentials: true\n`;
    expect(checkoutsKeepingToken(job(kept))).toEqual(['jobs.j step 1']);
    expect(checkoutsKeepingToken(job(dropped))).toEqual([]);
  });

  it('a cache in a build', () => {
    const steps =
      '      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0\n        with:\n          cache: npm\n';
    expect(restoredCaches(job(steps))).toEqual(['jobs.j step 1']);
  });

  it('a tag, a short SHA, a SHA without its tag', () => {
    expect(unpinnedActions('- uses: actions/checkout@v4\n')).toEqual(['actions/checkout@v4']);
    expect(unpinnedActions('- uses: actions/checkout@11bd719 # v4\n')).toHaveLength(1);
    expect(unpinnedActions('- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n')).toHaveLength(1);
    expect(
      unpinnedActions('      - uses: github/codeql-action/init@51f77329afa6477de8c49fc9c7046c15b9a4e79d # v3.29.5\n'),
    ).toEqual([]);
    expect(unpinnedActions('  uses: ./emulator\n        uses: your-org/headless-deploy@v1\n')).toEqual([]);
  });
});
