/**
 * GitHub's own workflow parser (@actions/workflow-parser), as the tests use it: a workflow's
 * errors as GitHub reports them, an action.yml read as GitHub reads it, and the `with:` keys a
 * step passes to one of our actions that the action does not declare (a check the parser cannot
 * make alone). Shared by test/unit/workflow-files.test.ts and test/unit/doc-blocks.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  convertWorkflowTemplate,
  isMapping,
  isSequence,
  isString,
  NoOperationTraceWriter,
  parseWorkflow,
  type TemplateParseResult,
} from '@actions/workflow-parser';
import { convertActionTemplate, parseAction, type ActionTemplate } from '@actions/workflow-parser/actions/index';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const trace = new NoOperationTraceWriter();

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

export function loadAction(name: string, content: string): { errors: string[]; action: ActionTemplate | null } {
  const parsed = parseAction({ name, content }, trace);
  const errors = errorsOf(parsed);
  if (errors.length > 0 || !parsed.value) return { errors, action: null };
  return { errors: [], action: convertActionTemplate(parsed.context, parsed.value) };
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
