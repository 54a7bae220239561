/**
 * The writable fields of an environment and their rules, shared by create and PATCH so both
 * accept and refuse exactly the same values (strict bodies: docs/emulator.md).
 */
import { assertValid, invalid, type FieldError } from '../../http/errors.js';
import type { ShellVariable } from '../../types/headless.js';
import type { Ctx } from '../context.js';

export type EnvironmentField = 'displayName' | 'branch' | 'cmsEnvironment' | 'shellVariables';
export const ENVIRONMENT_FIELDS: readonly EnvironmentField[] = [
  'displayName',
  'branch',
  'cmsEnvironment',
  'shellVariables',
];

export interface EnvironmentFields {
  displayName?: string;
  branch?: string;
  cmsEnvironment?: string;
  shellVariables?: ShellVariable[];
}

/** The only branch of an app created with `uploadable: {}`: its code arrives by upload. */
export const UPLOADABLE_BRANCH = 'uploadable';
export const SHELL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_DISPLAY_NAME = 100;

const fail = (field: EnvironmentField, message: string) => invalid('environment', field, message);

function checkShellVariables(value: unknown, errors: FieldError[]): ShellVariable[] {
  if (!Array.isArray(value)) {
    errors.push(fail('shellVariables', 'shellVariables must be an array of {key, value} objects'));
    return [];
  }
  const seen = new Set<string>();
  const out: ShellVariable[] = [];
  value.forEach((item: unknown, i) => {
    const at = `shellVariables[${i}]`;
    const obj = item as Record<string, unknown>;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push(fail('shellVariables', `${at} must be an object {key, value}`));
      return;
    }
    const extra = Object.keys(obj).filter((k) => k !== 'key' && k !== 'value');
    if (extra.length > 0) errors.push(fail('shellVariables', `${at} has unknown field(s) ${extra.join(', ')}`));
    if (typeof obj.key !== 'string' || !SHELL_KEY_PATTERN.test(obj.key)) {
      errors.push(
        fail('shellVariables', `${at}.key must be a string of letters, digits and _, not starting with a digit`),
      );
    } else if (seen.has(obj.key)) {
      errors.push(fail('shellVariables', `${at}.key "${obj.key}" is given more than once`));
    }
    if (typeof obj.value !== 'string') errors.push(fail('shellVariables', `${at}.value must be a string`));
    if (typeof obj.key === 'string') seen.add(obj.key);
    if (typeof obj.key === 'string' && typeof obj.value === 'string') out.push({ key: obj.key, value: obj.value });
  });
  return out;
}

/**
 * Checks the `fields` of `body` (each present) and returns them typed; throws one 400 listing
 * every problem. `required` fields missing from the body are problems too; `requiredWhy` is added
 * to their message when the reason is not obvious.
 */
export function checkEnvironmentFields(
  ctx: Pick<Ctx, 'state' | 'principal'>,
  body: Record<string, unknown>,
  required: readonly EnvironmentField[],
  requiredWhy = '',
): EnvironmentFields {
  const errors: FieldError[] = [];
  const out: EnvironmentFields = {};
  for (const f of required) {
    if (body[f] === undefined) errors.push(fail(f, `${f} is required${requiredWhy ? ` (${requiredWhy})` : ''}`));
  }

  const { displayName, branch, cmsEnvironment, shellVariables } = body;
  if (displayName !== undefined) {
    if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > MAX_DISPLAY_NAME) {
      errors.push(
        fail('displayName', `displayName must be a non-empty string of at most ${MAX_DISPLAY_NAME} characters`),
      );
    } else out.displayName = displayName;
  }
  if (branch !== undefined) {
    if (branch !== UPLOADABLE_BRANCH) {
      errors.push(
        fail(
          'branch',
          `branch must be "${UPLOADABLE_BRANCH}" for an app fed by direct upload; got ${JSON.stringify(branch)}`,
        ),
      );
    } else out.branch = branch;
  }
  if (cmsEnvironment !== undefined) {
    const accountId = ctx.principal?.account.id;
    if (typeof cmsEnvironment !== 'string') {
      errors.push(fail('cmsEnvironment', 'cmsEnvironment must be a string: the name of an install, or empty'));
    } else if (
      cmsEnvironment !== '' &&
      !ctx.state.installs.some((i) => i.name === cmsEnvironment && i.account_id === accountId)
    ) {
      errors.push(fail('cmsEnvironment', `cmsEnvironment "${cmsEnvironment}" is not an install of this account`));
    } else out.cmsEnvironment = cmsEnvironment;
  }
  if (shellVariables !== undefined) out.shellVariables = checkShellVariables(shellVariables, errors);
  assertValid('environment', errors);
  return out;
}
