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
}
