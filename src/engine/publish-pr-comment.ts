/**
 * After the run: with `pr-comment: true` on a pull request event, writes what the deploy (or
 * delete) did into the pull request's sticky comment. Never fails the run: GitHub's refusals
 * are warnings (see src/github/sticky-comment.ts). A dry run and a skipped run leave the
 * comment alone: neither changed the preview.
 */
import type { GithubServices } from '../github/services.js';
import { stepInputs, type Inputs } from './run-inputs.js';
import type { Logger } from '../util/log.js';
import type { Outputs } from '../report/outputs.js';
import { commentMarker, renderPrComment, type PreviewFacts } from '../report/pr-comment.js';
import type { RunReport } from '../report/summary.js';

export interface CommentContext {
  inputs: Inputs;
  report: RunReport;
  outputs: Outputs;
  github?: GithubServices;
  log: Logger;
  /** When the run ended, in ms since the epoch. */
  now: number;
  /** A second line of defence: no secret reaches the comment even if a value held one. */
  redact?: (text: string) => string;
}

/** The facts for the comment, or null when this run has nothing to say in one. Pure. */
export function previewFacts(
  c: Omit<CommentContext, 'log' | 'github'> & { github?: Pick<GithubServices, 'pullRequest' | 'commitUrl' | 'logUrl'> },
): PreviewFacts | null {
  const { inputs, report } = c;
  if (!inputs.prComment || inputs.skipped || report.status === 'planned' || report.status === 'skipped') return null;
  const deploy = stepInputs(inputs, 'deploy');
  const kind = deploy ? 'deploy' : stepInputs(inputs, 'delete') ? 'delete' : null;
  if (!kind) return null;
  const out = c.outputs.values();
  const sha = c.github?.pullRequest?.headSha ?? null;
  return {
    kind,
    // The tree already live is a preview deployed, as far as the comment's reader is concerned.
    status:
      report.status === 'unchanged'
        ? 'success'
        : report.status === 'success' && deploy && !deploy.wait
          ? 'started'
          : report.status,
    app: inputs.app,
    environment: inputs.environment,
    environmentId: out['environment-id'] ?? null,
    deleted: out['environment-deleted'] === undefined ? null : out['environment-deleted'] === 'true',
    url: out.url ?? null,
    commit: sha ? { sha, url: c.github?.commitUrl(sha) ?? null } : null,
    build: out.build || null,
    archiveBytes: out['archive-bytes'] ? Number(out['archive-bytes']) : null,
    durationMs: report.durationMs ?? null,
    logUrl: c.github?.logUrl ?? null,
    error: report.error?.split('\n')[0] ?? null,
    updatedAt: new Date(c.now).toISOString(),
  };
}

export async function publishPrComment(c: CommentContext): Promise<void> {
  const facts = previewFacts(c);
  if (!facts) return;
  const pr = c.github?.pullRequest;
  if (!c.github || !pr) {
    c.log.info('pr-comment: not a pull_request or pull_request_target event; no comment written');
    return;
  }
  const marker = commentMarker(facts.app, facts.environment);
  const result = await c.github.upsertComment(
    pr.number,
    (body) => body.split(/\r?\n/, 1)[0]!.trim() === marker,
    (c.redact ?? ((t: string) => t))(renderPrComment(facts)),
  );
  if (result) c.log.info(`pr-comment: ${result.action} the comment on pull request #${pr.number}`);
}
