/** The delete step's own inputs, checked: what its row reads and its work uses. */
import type { DeletePattern } from '../../step-kit/delete-pattern.js';

export interface DeleteInputs {
  readonly account: string;
  readonly app: string;
  /** Environment id or display name, as given. */
  readonly environment: string;
  readonly headlessUrl: string;
  readonly pattern: DeletePattern;
  /** Mark the GitHub Deployments of the environment inactive. */
  readonly githubDeployment: boolean;
}
