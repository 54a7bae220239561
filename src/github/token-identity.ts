/**
 * Who writes with the action's token, so the sticky comment is looked for among that author's
 * comments only: a comment anyone else wrote is never edited, even when it carries our marker
 * (else a commenter could plant one, have the action write its status into it, then edit it).
 *
 * `GET /user` names the user of a personal token. An installation token (GITHUB_TOKEN) gets 403
 * there; what it writes is authored by `github-actions[bot]`. Any other answer, or none: the
 * author cannot be told, and no comment is ours (a new one is written instead).
 */
import type { Octokit } from './octokit.js';

export interface CommentAuthor {
  readonly login: string;
  readonly type: string;
}

/** The author of what GITHUB_TOKEN writes. */
export const ACTIONS_BOT: CommentAuthor = Object.freeze({ login: 'github-actions[bot]', type: 'Bot' });

/** The token's author, or null when it cannot be told. Never throws. */
export async function tokenAuthor(octokit: Pick<Octokit, 'rest'>): Promise<CommentAuthor | null> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return typeof data.login === 'string' && typeof data.type === 'string'
      ? { login: data.login, type: data.type }
      : null;
  } catch (err) {
    return (err as { status?: number }).status === 403 ? ACTIONS_BOT : null;
  }
}

/** Whether `user` (a comment's author as GitHub lists it) is `author`. Unknown on either side: no. */
export function writtenBy(
  user: { login?: string; type?: string } | null | undefined,
  author: CommentAuthor | null,
): boolean {
  return !!author && !!user && user.login === author.login && user.type === author.type;
}
