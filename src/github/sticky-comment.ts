/**
 * One comment per pull request and app/environment, kept up to date: found by the marker on
 * its first line and by its author (the token's own, src/github/token-identity.ts), created the
 * first time, edited in place after that. A comment with the marker that someone else wrote is
 * left alone. A token without `pull-requests: write` (or any GitHub hiccup) costs a warning,
 * never the run.
 */
import type { Logger } from '../util/log.js';
import { explainRefusal, loadOctokit, repoOf } from './octokit.js';
import { tokenAuthor, writtenBy, type CommentAuthor } from './token-identity.js';

export interface StickyCommentOptions {
  token: string;
  /** owner/repo (GITHUB_REPOSITORY). */
  repository: string;
  apiUrl?: string;
  /** The action's own fetch (its proxy route). */
  fetch?: typeof fetch;
  issueNumber: number;
  /** Is this comment ours? Given the body of each comment, oldest first. */
  isOurs(body: string): boolean;
  body: string;
  log: Logger;
}

export type CommentResult = { action: 'created' | 'updated'; url: string | null } | null;

/** Creates or edits the comment; returns what it did, or null (after a warning) when it could not. */
export async function upsertStickyComment(o: StickyCommentOptions): Promise<CommentResult> {
  const repo = repoOf(o.repository);
  if (!repo) {
    o.log.warning('pr-comment: GITHUB_REPOSITORY is not set; no comment written');
    return null;
  }
  const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
  const where = { ...repo, issue_number: o.issueNumber };
  let existing: number | null = null;
  try {
    const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...where, per_page: 100 });
    // Asked once, and only when a comment carries the marker.
    let author: CommentAuthor | null | undefined;
    search: for await (const page of pages) {
      for (const comment of page.data) {
        if (!comment.body || !o.isOurs(comment.body)) continue;
        if (author === undefined) author = await tokenAuthor(octokit);
        if (writtenBy(comment.user, author)) {
          existing = comment.id;
          break search;
        }
        o.log.info(
          `pr-comment: comment ${comment.id} carries the marker but was not written by this token${author ? ` (${author.login})` : ''}; left as it is`,
        );
      }
    }
    if (existing === null) {
      const res = await octokit.rest.issues.createComment({ ...where, body: o.body });
      return { action: 'created', url: res.data.html_url ?? null };
    }
    const res = await octokit.rest.issues.updateComment({ ...repo, comment_id: existing, body: o.body });
    return { action: 'updated', url: res.data.html_url ?? null };
  } catch (err) {
    o.log.warning(
      `pr-comment: comment on pull request #${o.issueNumber} not ${existing === null ? 'written' : 'updated'}: ${explainRefusal(err, 'pull-requests: write', o.apiUrl)}`,
    );
    return null;
  }
}
