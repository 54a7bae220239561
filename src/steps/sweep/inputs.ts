/** The sweep step's own inputs, checked: what its row reads and its work uses. */
import type { DeletePattern } from '../../step-kit/delete-pattern.js';

export interface SweepInputs {
  readonly account: string;
  readonly app: string;
  readonly headlessUrl: string;
  readonly pattern: DeletePattern;
  /** Most deletions one sweep makes; more stops it before the first. */
  readonly max: number;
  /** Mark the GitHub Deployments of each deleted preview inactive. */
  readonly githubDeployment: boolean;
  /** Say in each swept pull request's comment that its preview was removed. */
  readonly prComment: boolean;
}
