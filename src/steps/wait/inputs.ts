/** The wait step's own inputs, checked: what its row reads and its work uses. */

export interface WaitInputs {
  /** `accounts/{a}/apps/{app}/environments/{id}/operations/{op}`. */
  readonly operation: string;
  /** `build`: the build the operation must show (the uploading run's `build` output); null: whichever it shows. */
  readonly build: string | null;
  readonly headlessUrl: string;
  readonly timeoutMs: number;
}
