/**
 * Every workflow and action.yml of the repository, read by GitHub's own parser
 * (@actions/workflow-parser): the workflows under .github/workflows and examples/workflows
 * against the workflow schema, every action.yml against the action schema. On top of the
 * parser, rules of ours for the actions (node24, an existing bundle, descriptions, string
 * defaults), and a check the parser cannot make alone: a step that uses one of our actions
 * passes only inputs that action declares.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isBasicExpression, isString } from '@actions/workflow-parser';
import type { ActionTemplate } from '@actions/workflow-parser/actions/index';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/doc-blocks.js';
import { loadAction, unknownInputs, workflowErrors } from '../support/workflow-parser.js';
import { workflowFiles } from './helpers/workflows.js';

function actionFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return ['node_modules', '.git', 'dist', 'coverage'].includes(e.name) ? [] : actionFiles(path);
    return e.name === 'action.yml' || e.name === 'action.yaml' ? [path] : [];
  });
}

const WORKFLOWS = workflowFiles();
const ACTIONS = actionFiles();

/** Our rules for a JavaScript action of this repository, beyond the schema. */
export function actionRuleErrors(action: ActionTemplate, dir: string): string[] {
  const errors: string[] = [];
  const runs = action.runs;
  if (runs.using !== 'node24') errors.push(`runs.using is "${runs.using}", not node24`);
  if ('main' in runs) {
    for (const [key, file] of [['main', runs.main] as const, ['post', runs.post] as const]) {
      if (file !== undefined && !existsSync(join(ROOT, dir, file))) errors.push(`runs.${key}: no file ${file}`);
    }
  }
  for (const input of action.inputs ?? []) {
    if (!input.description?.trim()) errors.push(`input "${input.id}" has no description`);
    // The schema reads a scalar default as a string already; what is left to refuse is anything
    // that is neither a string nor an expression such as ${{ github.token }}.
    if (input.default !== undefined && !isString(input.default) && !isBasicExpression(input.default)) {
      errors.push(`input "${input.id}": default must be a string, got ${input.default.toString()}`);
    }
  }
  for (const output of action.outputs ?? []) {
    if (!output.description?.trim()) errors.push(`output "${output.id}" has no description`);
  }
  return errors;
}

describe('workflow files, by GitHub’s workflow parser', () => {
  it('finds the workflows it is meant to check', () => {
    expect(WORKFLOWS).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        'examples/workflows/rehearse.yml',
        'examples/workflows/push-to-deploy.yml',
      ]),
    );
  });

  it.each(WORKFLOWS)('%s parses without an error', async (file) => {
    expect(await workflowErrors(file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it.each([
    ['docs/emulator.md', 'examples/workflows/rehearse.yml'],
    ['README.md', 'examples/workflows/scheduled-purge.yml'],
  ])('%s shows %s as it is', (doc, workflow) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    expect(text).toContain('```yaml\n' + readFileSync(join(ROOT, workflow), 'utf8') + '```');
  });

  it.each(WORKFLOWS)('%s passes only declared inputs to our actions', (file) => {
    expect(unknownInputs(readFileSync(join(ROOT, file), 'utf8'), file)).toEqual([]);
  });

  it('reports a misspelt key, a bad expression and an unknown trigger (the parser is really checking)', async () => {
    const good = readFileSync(join(ROOT, '.github/workflows/ci.yml'), 'utf8');
    expect(
      await workflowErrors('typo.yml', good.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest')),
    ).not.toEqual([]);
    expect(await workflowErrors('expr.yml', good.replace('${{ github.ref }}', '${{ github.ref '))).not.toEqual([]);
    expect(await workflowErrors('on.yml', good.replace('pull_request:', 'pull_requests:'))).not.toEqual([]);
    const rehearse = readFileSync(join(ROOT, 'examples/workflows/rehearse.yml'), 'utf8');
    expect(unknownInputs(rehearse.replace('copy-from: demostg', 'copy-form: demostg'), 'input.yml')).toEqual([
      expect.stringContaining('"copy-form" is not an input of action.yml'),
    ]);
    expect(unknownInputs(rehearse.replace("latency: '50'", "latncy: '50'"), 'input.yml')).toEqual([
      expect.stringContaining('"latncy" is not an input of emulator/action.yml'),
    ]);
  });
});

describe('action.yml files, by GitHub’s action parser and our rules', () => {
  it('finds both actions', () => {
    expect(ACTIONS).toEqual(expect.arrayContaining(['action.yml', 'emulator/action.yml']));
  });

  it.each(ACTIONS)('%s parses and follows our rules', (file) => {
    const { errors, action } = loadAction(file, readFileSync(join(ROOT, file), 'utf8'));
    expect(errors).toEqual([]);
    expect(actionRuleErrors(action!, dirname(file))).toEqual([]);
  });

  it('reports what the schema and our rules catch (they are really checking)', () => {
    const text = readFileSync(join(ROOT, 'emulator/action.yml'), 'utf8');
    const check = (t: string) => {
      const { errors, action } = loadAction('planted.yml', t);
      return errors.length > 0 ? errors : actionRuleErrors(action!, 'emulator');
    };
    expect(check(text.replace('main:', 'mian:'))).not.toEqual([]);
    expect(check(text.replace("using: 'node24'", "using: 'node20'"))).toEqual([expect.stringContaining('node24')]);
    expect(check(text.replace("main: 'dist/main/index.js'", "main: 'dist/nope.js'"))).toEqual([
      'runs.main: no file dist/nope.js',
    ]);
    expect(check(text.replace("default: '0'", 'default: [0, 1]'))).not.toEqual([]);
    expect(check(text.replace(/( {2}port:\n) {4}description: .*\n/, '$1'))).toEqual([
      'input "port" has no description',
    ]);
    expect(check(text.replace(/( {2}url:\n) {4}description: .*\n/, '$1'))).not.toEqual([]);
  });
});
