/**
 * The sweep: list every environment of the app (all pages), keep those whose display name
 * matches `delete-pattern` and carries a pull request number, ask GitHub for each pull
 * request's state, and delete the previews of closed and merged ones, one at a time, through
 * the delete step's own guarded delete (step-kit/delete-matching.ts). A number GitHub does not
 * know as a pull request of the repository keeps its preview (decide.ts says why).
 *
 * Nothing is deleted before every state has been read and the count checked against
 * `sweep-max`. Each deletion is recorded and `environments-deleted` set as it happens, so a
 * failure part-way says what went and what stayed, and the next sweep finishes the job (the
 * previews already deleted are no longer listed; one deleted meanwhile counts as deleted).
 */
import { NotFound } from '../../api/errors.js';
import type { Environment } from '../../api/types.js';
import type { GithubServices } from '../../github/services.js';
import { commentMarker, renderPrComment } from '../../report/pr-comment.js';
import { environmentId } from '../../api/find-environment.js';
import { StepError, toStepError } from '../../step-kit/step-error.js';
import {
  markDeploymentsInactive,
  deleteMatching,
  guardDeletion,
  type Deletion,
} from '../../step-kit/delete-matching.js';
import type { StepContext } from '../../step-kit/step.js';
import { decide, everyMissingWarning, overThreshold, type PullState } from './decide.js';
import { pullNumberOf } from './pull-number.js';
import { readPullStates } from './read-states.js';
import type { SweepInputs } from './inputs.js';
import { renderSweepTable, type SweepRow } from './sweep-table.js';

interface Preview {
  readonly env: Environment;
  readonly id: string;
  readonly number: number | null;
  state: PullState | null;
  /** The decision table's verdict, once the state is known. */
  toDelete: boolean;
  /** What was done, once something was; null while the sweep has not come to it. */
  done: string | null;
}

const ADVICE = 'check delete-pattern';

export async function sweepPreviews(ctx: StepContext, s: SweepInputs): Promise<void> {
  const github = ctx.github;
  if (!github) throw new StepError('the sweep needs the GitHub API, and github-token is empty; set it');
  const previews: Preview[] = [];
  try {
    previews.push(...(await listMatching(ctx, s)));
    await readStates(ctx, github, previews);
    await deleteOver(ctx, s, github, previews);
  } finally {
    ctx.record.sections.push(
      renderSweepTable({
        app: s.app,
        pattern: s.pattern.source,
        rows: previews.map(toRow),
        pullRequestUrl: (n) => github.pullRequestUrl(n),
      }),
    );
  }
}

async function listMatching(ctx: StepContext, s: SweepInputs): Promise<Preview[]> {
  ctx.record.doing = `listing the environments of app "${s.app}"`;
  const all: Environment[] = [];
  try {
    for await (const env of ctx.client.iterateEnvironments(s, { pageSize: 100 }, { signal: ctx.signal })) all.push(env);
  } catch (err) {
    if (err instanceof NotFound) {
      throw new StepError(
        `app "${s.app}" was not found in account "${s.account}", so there is nothing to sweep; check the app and account inputs`,
      );
    }
    throw err;
  }
  // A record without a display name cannot match a pattern, and is never deleted.
  const matching = all.filter((env) => typeof env.displayName === 'string' && s.pattern.matches(env.displayName));
  ctx.record.detail('sweep', 'environments', `${matching.length} of ${all.length} match "${s.pattern.source}"`);
  return matching.map((env) => {
    const pull = pullNumberOf(env.displayName);
    return 'number' in pull
      ? { env, id: environmentId(env), number: pull.number, state: null, toDelete: false, done: null }
      : { env, id: environmentId(env), number: null, state: null, toDelete: false, done: `kept: ${pull.none}` };
  });
}

async function readStates(ctx: StepContext, github: GithubServices, previews: Preview[]): Promise<void> {
  const numbers = previews.flatMap((p) => (p.number === null ? [] : [p.number]));
  if (numbers.length === 0) return;
  ctx.record.doing = `reading the state of ${new Set(numbers).size} pull request(s) from GitHub`;
  const states = await readPullStates(numbers, {
    read: (n, signal) => github.pullRequestState(n, signal),
    clock: ctx.clock,
    signal: ctx.signal,
    onWait: (m) => ctx.log.info(m),
  });
  const blind = everyMissingWarning(states);
  if (blind) ctx.log.warning(blind);
  for (const p of previews) {
    if (p.number === null) continue;
    p.state = states.get(p.number) ?? null;
    const verdict = decide(p.state);
    p.toDelete = verdict.delete;
    if (!verdict.delete) p.done = `kept: ${verdict.why}`;
  }
}

async function deleteOver(
  ctx: StepContext,
  s: SweepInputs,
  github: GithubServices,
  previews: Preview[],
): Promise<void> {
  const doomed = previews.filter((p) => p.toDelete);
  const names = doomed.map((p) => p.env.displayName);
  for (const p of previews) {
    const pull = p.number === null ? '' : ` (pull request #${p.number})`;
    ctx.log.info(`${p.env.displayName}${pull}: ${p.done ?? 'to delete'}`);
  }
  ctx.record.detail('sweep', 'to delete', names.length === 0 ? 'none' : names.join(', '));
  if (overThreshold(doomed.length, s.max)) {
    for (const p of doomed) p.done = `not deleted: more than sweep-max (${s.max}) to delete`;
    ctx.outputs.set('environments-deleted', '');
    throw new StepError(
      `the sweep would delete ${doomed.length} environments, more than sweep-max (${s.max}): ${names.join(', ')}; ` +
        `nothing was deleted. If the pattern is too wide, narrow delete-pattern ("${s.pattern.source}"); if they ` +
        'should all go, raise sweep-max for one run',
    );
  }
  const deletions = doomed.map((p) => ({ p, d: deletionOf(s, p.env) }));
  // Every guard before the first DELETE: a sweep refused part-way would be a sweep half done.
  for (const { d } of deletions) guardDeletion(d);
  if (ctx.inputs.dryRun) {
    for (const p of doomed) p.done = 'would be deleted (dry run)';
    ctx.outputs.set('environments-deleted', '');
    ctx.log.info(`dry run: would delete ${names.length === 0 ? 'nothing' : names.join(', ')}`);
    return;
  }
  const deleted: string[] = [];
  ctx.outputs.set('environments-deleted', '');
  let marked = 0;
  for (const [i, { p, d }] of deletions.entries()) {
    let result: 'deleted' | 'gone';
    try {
      result = await deleteMatching(ctx, d);
    } catch (err) {
      const e = toStepError(err, ctx.record.doing ?? `deleting environment "${p.env.displayName}"`, ctx.signal);
      p.done = `delete failed: ${ctx.redact(e.message)}`;
      const left = deletions.slice(i + 1).map((x) => x.p);
      const notDeleted = [p, ...left].map((x) => x.env.displayName);
      throw new StepError(
        `${e.message}; deleted: ${deleted.length === 0 ? 'none' : deleted.join(', ')}; not deleted: ` +
          `${notDeleted.join(', ')}; run the sweep again to finish (what is gone is no longer listed)`,
        e.outcome,
        { cause: err },
      );
    }
    const name = p.env.displayName;
    p.done = result === 'deleted' ? 'deleted' : 'deleted (already gone)';
    deleted.push(name);
    ctx.outputs.set('environments-deleted', deleted.join(','));
    ctx.record.did(`environment "${name}" deleted`);
    ctx.log.info(`environment "${name}" (id ${p.id}) of app "${s.app}" ${p.done}`);
    if (s.githubDeployment) marked += await markDeploymentsInactive(ctx, [name]);
    if (s.prComment) await tellPullRequest(ctx, s, github, p, result);
  }
  ctx.record.detail('sweep', 'deleted', deleted.length === 0 ? 'none' : deleted.join(', '));
  if (marked > 0) ctx.record.detail('sweep', 'GitHub Deployments marked inactive', String(marked));
}

function deletionOf(s: SweepInputs, env: Environment): Deletion {
  return { account: s.account, app: s.app, env, pattern: s.pattern, advice: ADVICE };
}

/** The swept pull request's sticky comment (when it exists on GitHub) says its preview was removed. */
async function tellPullRequest(
  ctx: StepContext,
  s: SweepInputs,
  github: GithubServices,
  p: Preview,
  result: 'deleted' | 'gone',
): Promise<void> {
  if (p.number === null || (p.state?.kind !== 'closed' && p.state?.kind !== 'merged')) return;
  ctx.record.doing = `writing the comment on pull request #${p.number}`;
  const marker = commentMarker(s.app, p.env.displayName);
  const body = renderPrComment({
    kind: 'delete',
    status: 'success',
    app: s.app,
    environment: p.env.displayName,
    environmentId: p.id,
    deleted: result === 'deleted',
    logUrl: github.logUrl ?? null,
    note: `Removed by a sweep of previews: the pull request is ${p.state.kind}.`,
    updatedAt: new Date(ctx.clock.now()).toISOString(),
  });
  const written = await github.upsertComment(
    p.number,
    (text) => text.split(/\r?\n/, 1)[0]!.trim() === marker,
    ctx.redact(body),
  );
  if (written) ctx.log.info(`pr-comment: ${written.action} the comment on pull request #${p.number}`);
}

/** A row for the summary; a preview the sweep did not come to (it failed first) says so. */
function toRow(p: Preview): SweepRow {
  const done = p.done ?? (p.toDelete ? 'not deleted: the sweep stopped before it' : 'kept: the sweep stopped first');
  return { displayName: p.env.displayName, id: p.id, number: p.number, state: p.state, done };
}
