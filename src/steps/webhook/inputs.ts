/** The webhook step's own inputs, checked: what its row reads and its work uses. */
import type { WebhookAction } from '../../api/types.js';

/** The `webhook` input's names, as users write them. */
export type WebhookName = 'rebuild' | 'clean-rebuild' | 'purge-cache';

export type WebhookInputs =
  | {
      readonly by: 'parts';
      readonly name: WebhookName;
      readonly action: WebhookAction;
      readonly account: string;
      readonly app: string;
      /** Environment id or display name, as given. */
      readonly environment: string;
      readonly headlessUrl: string;
      readonly token: string;
    }
  | {
      readonly by: 'url';
      readonly name: WebhookName;
      readonly action: WebhookAction;
      /** The whole trigger URL, used as it is. A secret. */
      readonly url: string;
      readonly token: string;
      /** Read from the URL's path when it has the usual shape, for messages. */
      readonly account: string | null;
      readonly app: string | null;
      readonly environment: string | null;
    };
