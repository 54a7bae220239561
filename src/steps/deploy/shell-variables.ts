/**
 * What `env-vars` does to an environment's shell variables. A PATCH of `shellVariables`
 * replaces the whole list, so `merge` (the default) sends the variables the environment already
 * has plus the ones given, and `replace` sends only the ones given. Pure: the step logs the key
 * diff and sends the PATCH only when something changes. Values may be secrets: the diff names keys.
 */
import type { ShellVariable } from '../../api/types.js';

export type EnvVarsMode = 'merge' | 'replace';

export interface ShellVariablePlan {
  /** The whole list to send. */
  readonly next: readonly ShellVariable[];
  readonly added: readonly string[];
  /** Same key, another value. */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

export function planShellVariables(
  current: readonly ShellVariable[],
  given: readonly ShellVariable[],
  mode: EnvVarsMode,
): ShellVariablePlan {
  const before = new Map(current.map((v) => [v.key, v.value]));
  const wanted = new Map(given.map((v) => [v.key, v.value]));
  const added = given.filter((v) => !before.has(v.key)).map((v) => v.key);
  const changed = given.filter((v) => before.has(v.key) && before.get(v.key) !== v.value).map((v) => v.key);
  const removed = mode === 'replace' ? current.filter((v) => !wanted.has(v.key)).map((v) => v.key) : [];
  // Merge keeps the environment's order and appends new keys, so an unchanged list compares equal.
  const next =
    mode === 'replace'
      ? given.map((v) => ({ key: v.key, value: v.value }))
      : [
          ...current.map((v) => ({ key: v.key, value: wanted.has(v.key) ? wanted.get(v.key)! : v.value })),
          ...given.filter((v) => !before.has(v.key)).map((v) => ({ key: v.key, value: v.value })),
        ];
  return { next, added, changed, removed };
}

/** True when the plan changes anything (a PATCH is worth sending). */
export function changesAnything(plan: ShellVariablePlan): boolean {
  return plan.added.length + plan.changed.length + plan.removed.length > 0;
}

/** `added A, B; changed C; removed D` or `no change`; keys only, never values. */
export function describeChanges(plan: ShellVariablePlan): string {
  const parts: string[] = [];
  if (plan.added.length > 0) parts.push(`added ${plan.added.join(', ')}`);
  if (plan.changed.length > 0) parts.push(`changed ${plan.changed.join(', ')}`);
  if (plan.removed.length > 0) parts.push(`removed ${plan.removed.join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'no change';
}
