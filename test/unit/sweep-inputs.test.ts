/**
 * The sweep step's input rules (its row of the step table), and its table in the job summary:
 * links to the pull requests, and every outside value escaped.
 */
import { describe, expect, it } from 'vitest';
import { readInputs, stepInputs } from '../../src/engine/inputs.js';
import { renderSweepTable } from '../../src/steps/sweep/sweep-table.js';
import { inputProblems } from '../helpers/step-context.js';

type Values = Record<string, string>;
const SWEEP: Values = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://headless.example.com',
  'github-token': 'ghs_token',
  account: 'demo',
  app: 'shop',
  'sweep-previews': 'true',
};

const read = (values: Values) => readInputs((n) => values[n] ?? '', '/ws');

describe('sweep inputs', () => {
  it('chooses the sweep alone: app names the app to sweep, not a deploy', () => {
    const inputs = read(SWEEP);
    expect(inputs.steps.map((s) => s.name)).toEqual(['sweep']);
    const s = stepInputs(inputs, 'sweep')!;
    expect(s.max).toBe(20);
    expect(s.pattern.source).toBe('pr-*');
    expect(s.githubDeployment).toBe(false);
  });

  it('reads sweep-max and delete-pattern', () => {
    const s = stepInputs(read({ ...SWEEP, 'sweep-max': '3', 'delete-pattern': 'preview-*' }), 'sweep')!;
    expect(s.max).toBe(3);
    expect(s.pattern.matches('preview-pr-4')).toBe(true);
    expect(stepInputs(read({ ...SWEEP, 'sweep-max': '0' }), 'sweep')!.max).toBe(0);
  });

  it.each(['-1', '2.5', 'lots', '1001'])('refuses sweep-max %s', (value) => {
    expect(inputProblems({ ...SWEEP, 'sweep-max': value })).toEqual([
      `input "sweep-max": "${value}" is not a whole number from 0 to 1000`,
    ]);
  });

  it('runs alone', () => {
    expect(inputProblems({ ...SWEEP, 'delete-environment': 'true', environment: 'pr-1' })).toEqual([
      'the delete step runs alone, but the inputs also ask for sweep; run them in separate steps of the workflow',
    ]);
    expect(inputProblems({ ...SWEEP, deploy: 'true', environment: 'pr-1' })).toEqual([
      'the sweep step runs alone, but the inputs also ask for deploy; run them in separate steps of the workflow',
    ]);
  });

  it('needs the app, the credentials and github-token', () => {
    expect(inputProblems({ ...SWEEP, app: '', 'api-password': '', 'github-token': '' })).toEqual([
      'input "app" is required by sweep; set it to the app id',
      'input "api-password" is required by sweep; set it from a secret',
      'input "github-token" is required by sweep; set it, e.g. to ${{ github.token }}',
    ]);
  });

  it('says environment is ignored, and takes the GitHub options without a warning', () => {
    const inputs = read({ ...SWEEP, environment: 'pr-1', 'github-deployment': 'true', 'pr-comment': 'true' });
    expect(inputs.warnings).toEqual(['input "environment" is ignored: a sweep looks at every environment of the app']);
  });

  it('warns that sweep-max is ignored when no sweep runs', () => {
    const { 'sweep-previews': _, ...deploy } = SWEEP;
    expect(read({ ...deploy, environment: 'staging', 'sweep-max': '5' }).warnings).toEqual([
      'input "sweep-max" is ignored: no sweep runs',
    ]);
  });
});

describe('the sweep table of the job summary', () => {
  const url = (n: number) => `https://github.com/octo-org/shop/pull/${n}`;

  it('links each pull request and says what was done', () => {
    const text = renderSweepTable({
      app: 'shop',
      pattern: 'pr-*',
      pullRequestUrl: url,
      rows: [
        { displayName: 'pr-12', id: 'a1', number: 12, state: { kind: 'closed' }, done: 'deleted' },
        { displayName: 'pr-13', id: 'a2', number: 13, state: { kind: 'open' }, done: 'kept: the pull request is open' },
        { displayName: 'pr-x', id: 'a3', number: null, state: null, done: 'kept' },
      ],
    });
    expect(text.split('\n')).toEqual([
      '### Previews of app shop matching pr\\-\\*',
      '',
      '| Environment | Pull request | State | Done |',
      '| --- | --- | --- | --- |',
      '| pr\\-12 | [\\#12](https://github.com/octo-org/shop/pull/12) | closed | deleted |',
      '| pr\\-13 | [\\#13](https://github.com/octo-org/shop/pull/13) | open | kept\\: the pull request is open |',
      '| pr\\-x |  |  | kept |',
    ]);
  });

  it('escapes display names and GitHub messages: no HTML, link or extra column', () => {
    const text = renderSweepTable({
      app: 'shop',
      pattern: 'pr-*',
      pullRequestUrl: url,
      rows: [
        {
          displayName: 'pr-1 <img src=x> [a](https://evil.example) | x',
          id: 'a1',
          number: 1,
          state: { kind: 'unreadable', reason: '<b>|' },
          done: 'kept: <script>\n| injected |',
        },
      ],
    });
    const row = text.split('\n').at(-1)!;
    expect(row).not.toMatch(/<img|<script|<b>|\]\(https:\/\/evil/);
    expect(row.split(/(?<!\\)\|/)).toHaveLength(6);
  });

  it('says when nothing matches', () => {
    expect(renderSweepTable({ app: 'shop', pattern: 'pr-*', pullRequestUrl: url, rows: [] })).toContain(
      'No environment of the app matches',
    );
  });
});
