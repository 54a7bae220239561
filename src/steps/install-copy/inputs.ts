/** The install-copy step's own inputs, checked: what its row reads and its work uses. */

export interface CopyInputs {
  readonly hostingUrl: string;
  /** Install name or uuid, as given; resolved to a uuid by the step. */
  readonly from: string;
  readonly to: string;
  readonly includeFiles: boolean;
  readonly includeDatabase: boolean;
  /** Empty means every table. */
  readonly dbTables: readonly string[];
  readonly notificationEmails: readonly string[];
}
