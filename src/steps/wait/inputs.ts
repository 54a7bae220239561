/** The wait step's own inputs, checked: what its row reads and its work uses. */

export interface WaitInputs {
  /** `accounts/{a}/apps/{app}/environments/{id}/operations/{op}`. */
  readonly operation: string;
  readonly headlessUrl: string;
  readonly timeoutMs: number;
}
