/**
 * The headless API's records exactly as the emulator sends them: every field it always sets is
 * required. The client has its own types (src/api/types.ts), the tolerant side, where what the
 * spec does not show may be missing; these are the strict side, written from the spec and
 * docs/api.md and not from the client, so an answer the emulator forgets a field of fails to
 * compile here rather than passing unnoticed. Field names are the service's (camelCase).
 */

export type Region = 'US-C' | 'AUS-SE' | 'UK' | 'EU-W';
/** The regions an app may be created in (spec: Allowed <REGION> values); the body says `regions/<REGION>`. */
export const REGIONS: readonly Region[] = ['US-C', 'AUS-SE', 'UK', 'EU-W'];

/** The `{action}` of a webhook trigger URL (docs/api.md; the spec does not show the literals). */
export type WebhookAction = 'rebuild' | 'cleanRebuild' | 'purgeCache';
export const WEBHOOK_ACTIONS: readonly WebhookAction[] = ['rebuild', 'cleanRebuild', 'purgeCache'];

/** The `@type` of an operation's metadata: the update-environment metadata type. */
export const UPDATE_ENVIRONMENT_METADATA_TYPE = 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata';

export interface ShellVariable {
  key: string;
  value: string;
}

export interface App {
  /** accounts/{account}/apps/{app} */
  name: string;
  /** regions/{REGION} */
  region: string;
  createTime: string;
}

export interface Environment {
  /** accounts/{account}/apps/{app}/environments/{id} */
  name: string;
  displayName: string;
  branch: string;
  cmsEnvironment: string;
  shellVariables: ShellVariable[];
  createTime: string;
  updateTime: string;
  /** True while the environment's latest operation is not done (the platform's public reference shows it). */
  reconciling: boolean;
}

/** A long-running operation. */
export interface Operation {
  /** accounts/{account}/apps/{app}/environments/{id}/operations/{operation_id} */
  name: string;
  /** `build` names `.../builds/no_build` until the build starts; `deployment` is '' until it is deployed. */
  metadata: { '@type': string; build: string; deployment: string };
  done: boolean;
  /** Only on an operation that is done and failed. */
  error?: { code: number; message: string };
}

/** A page of a headless list: the records under their plural name, and a token while more follow. */
export type HeadlessPage<K extends string, T> = { [key in K]: T[] } & { nextPageToken?: string };

/** Every headless error (docs/api.md): the HTTP status, its message, and the google.rpc status name. */
export interface HeadlessErrorBody {
  error: { code: number; message: string; status: string };
}
