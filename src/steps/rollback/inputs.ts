/** The rollback step's own inputs, checked: what its row reads and its work uses. */
import type { HealthInputs } from '../../release/health/inputs.js';
import type { RollbackWant } from './rollback-value.js';

export interface RollbackInputs {
  readonly account: string;
  readonly app: string;
  /** Environment id or display name, as given. */
  readonly environment: string;
  readonly headlessUrl: string;
  readonly want: RollbackWant;
  readonly timeoutMs: number;
  readonly health: HealthInputs | null;
  /** `archive-key`, or null for the deploy credentials. */
  readonly archiveKey: string | null;
  /** `max-archive-size` when set, else the default bound of a kept archive's listed size. */
  readonly maxListedBytes: number;
}
