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
import { fileURLToPath } from 'node:url';
import {
  convertWorkflowTemplate,
  isBasicExpression,
  isMapping,
  isSequence,
  isString,
  NoOperationTraceWriter,
  parseWorkflow,
  type TemplateParseResult,
} from '@actions/workflow-parser';
import { convertActionTemplate, parseAction, type ActionTemplate } from '@actions/workflow-parser/actions/index';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const trace = new NoOperationTraceWriter();

function ymlFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => `${dir}/${f}`);
}

function actionFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return ['node_modules', '.git', 'dist', 'coverage'].includes(e.name) ? [] : actionFiles(path);
    return e.name === 'action.yml' || e.name === 'action.yaml' ? [path] : [];
  });
}

const WORKFLOWS = [...ymlFiles('.github/workflows'), ...ymlFiles('examples/workflows')];
const ACTIONS = actionFiles();

function errorsOf(result: TemplateParseResult): string[] {
  return result.context.errors.getErrors().map((e) => e.message);
}

/** Parses and converts a workflow as GitHub does; every message the parser has. */
export async function workflowErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, trace);
  const errors = errorsOf(parsed);
  if (errors.length > 0 || !parsed.value) return errors;
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return (template.errors ?? []).map((e) => e.Message);
}

function loadAction(name: string, content: string): { errors: string[]; action: ActionTemplate | null } {
  const parsed = parseAction({ name, content }, trace);
  const errors = errorsOf(parsed);
  if (errors.length > 0 || !parsed.value) return { errors, action: null };
  return { errors: [], action: convertActionTemplate(parsed.context, parsed.value) };
}

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

/** Which action.yml a `uses:` names, when it is one of ours (local, or as a user writes it). */
function ourAction(uses: string): string | null {
  if (uses === './') return 'action.yml';
  if (uses === './emulator') return 'emulator/action.yml';
  const m = /^[^/]+\/headless-deploy(\/emulator)?@/.exec(uses);
  if (m) return m[1] ? 'emulator/action.yml' : 'action.yml';
  return null;
}

/** `with:` keys of steps that use our actions and that the action does not declare. */
export function unknownInputs(content: string, name: string): string[] {
  const parsed = parseWorkflow({ name, content }, trace);
  const root = parsed.value;
  if (!root || !isMapping(root)) return [];
  const jobs = root.find('jobs');
  if (!jobs || !isMapping(jobs)) return [];
  const found: string[] = [];
  for (const { key: jobId, value: job } of jobs) {
    const steps = isMapping(job) ? job.find('steps') : undefined;
    if (!steps || !isSequence(steps)) continue;
    for (let i = 0; i < steps.count; i++) {
      const step = steps.get(i);
      if (!isMapping(step)) continue;
      const uses = step.find('uses');
      const actionYml = uses && isString(uses) ? ourAction(uses.value) : null;
      const withs = step.find('with');
      if (!actionYml || !withs || !isMapping(withs)) continue;
      const declared = new Set(
        (loadAction(actionYml, readFileSync(join(ROOT, actionYml), 'utf8')).action?.inputs ?? []).map((x) => x.id),
      );
      for (const { key } of withs) {
        if (!declared.has(key.toString()))
          found.push(`jobs.${jobId.toString()} step ${i + 1}: "${key.toString()}" is not an input of ${actionYml}`);
      }
    }
  }
  return found;
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

  it('README shows examples/workflows/rehearse.yml as it is', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('```yaml\n' + readFileSync(join(ROOT, 'examples/workflows/rehearse.yml'), 'utf8') + '```');
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
