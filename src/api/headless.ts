/**
 * Typed methods of the headless application API: apps, environments, the zip upload,
 * operations (get and wait), and webhook triggers.
 */
import type { Clock } from '../util/clock.js';
import { Conflict } from './errors.js';
import { findEnvironment } from './find-environment.js';
import type { GrowingFile } from './growing-file.js';
import { fileSize, growingMultipart, multipartOpener, type UploadFile } from './multipart.js';
import { parseOperationName } from './operation-name.js';
import { walkTokenPages } from './paginate.js';
import { uploadMaxMs, type CallOptions, type Requester, type StreamFirst } from './request.js';
import type { StreamRefusal } from './retry-policy.js';
import { routes } from './routes.js';
import type { App, Environment, EnvironmentRecord, NewEnvironment, Operation, WebhookAction } from './types.js';
import { readApp, readEnvironment, readOperation, readTokenPage } from './read-answer.js';
import { UnexpectedAnswer } from './errors.js';
import { UnsafeUrlError } from './url.js';
import { parseWebhookUrl } from './webhook-url.js';
import { waitForOperation, type WaitOptions } from './wait-for-operation.js';

export interface AppRef {
  account: string;
  app: string;
}
export interface EnvironmentRef extends AppRef {
  /** The environment id (last segment of its name). */
  environment: string;
}
export interface HeadlessPageQuery {
  pageSize?: number;
  pageToken?: string;
}
export interface UploadOptions extends CallOptions {
  /**
   * Bytes of the multipart body sent so far, and its total (undefined while the zip is still
   * being written); starts again from 0 on a retry.
   */
  onProgress?: (bytesSent: number, total: number | undefined) => void;
  /** File name of the part; default `app.zip`. */
  filename?: string;
  /** Hears each attempt start, with the body it sends: the zip as it is written, or the finished file. */
  onAttempt?: (body: 'streamed' | 'file') => void;
  /**
   * The zip is still being written: the first attempt sends it as it grows, without a
   * Content-Length (chunked); later attempts wait for it and send the finished file.
   */
  growing?: {
    file: GrowingFile;
    /** About how large it will be: bounds the streamed attempt's duration as the size does a file's. */
    expectedBytes: number;
    /** A server that refuses a body without a length: send the file (default), or fail. */
    whenRefused?: 'file' | 'fail';
    /** Advice of the error when `whenRefused` is `fail`. */
    refusedAdvice?: string;
    /** Hears a refusal answered by sending the finished file. */
    onRefused?: (why: StreamRefusal, status: number) => void;
  };
}
export interface CreateAppOptions extends CallOptions {
  /** Called when the app was already there with the same region (a 409 that counts as success). */
  onExisting?: (app: App) => void;
}
/** A webhook given by parts (the token travels as `?token=`). */
export interface WebhookParts extends EnvironmentRef {
  action: WebhookAction;
  token: string;
}
/** A whole trigger URL as copied from the portal, used as it is. */
export interface WebhookUrl {
  url: string;
}

/** `US-C` or `regions/US-C` → `regions/US-C`. */
export function regionName(region: string): string {
  return region.startsWith('regions/') ? region : `regions/${region}`;
}

/** The whole trigger URL, checked by the one webhook URL parser; its message never echoes the URL. */
function webhookUrl(raw: string): URL {
  try {
    return new URL(parseWebhookUrl(raw).url);
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw new UnsafeUrlError(`webhook-url ${err.message}`);
    throw err;
  }
}

export function headlessMethods(call: Requester, clock: Clock) {
  const appParams = (r: AppRef) => ({ account: r.account, app: r.app });
  const envParams = (r: EnvironmentRef) => ({ ...appParams(r), environment: r.environment });

  /** A record the caller cannot do without: an answer that holds none is an error naming the call. */
  const must = <T>(value: T | undefined, what: string, method: string, path: string): T => {
    if (value === undefined) throw new UnexpectedAnswer({ method, path, detail: `the answer holds no ${what}` });
    return value;
  };
  const getApp = async (ref: AppRef, o?: CallOptions): Promise<App> => {
    const res = await call({ route: routes.getApp, params: appParams(ref), signal: o?.signal });
    return must(readApp(res.data), 'app', 'GET', `/v1/accounts/${ref.account}/apps/${ref.app}`);
  };
  const listApps = async (account: string, q: HeadlessPageQuery = {}, o?: CallOptions) => {
    const res = await call({ route: routes.listApps, params: { account }, query: { ...q }, signal: o?.signal });
    const page = readTokenPage(res.data, 'apps', readApp);
    return { apps: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
  };
  const listEnvironments = async (ref: AppRef, q: HeadlessPageQuery = {}, o?: CallOptions) => {
    const res = await call({
      route: routes.listEnvironments,
      params: appParams(ref),
      query: { ...q },
      signal: o?.signal,
    });
    const page = readTokenPage(res.data, 'environments', readEnvironment);
    return { environments: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
  };
  const iterateEnvironments = (ref: AppRef, q: Omit<HeadlessPageQuery, 'pageToken'> = {}, o?: CallOptions) =>
    walkTokenPages<Environment>(async (pageToken) => {
      const page = await listEnvironments(ref, { ...q, pageToken }, o);
      return { items: page.environments, nextPageToken: page.nextPageToken };
    });
  const getEnvironment = async (ref: EnvironmentRef, o?: CallOptions): Promise<Environment> => {
    const res = await call({ route: routes.getEnvironment, params: envParams(ref), signal: o?.signal });
    return must(
      readEnvironment(res.data),
      'environment',
      'GET',
      `/v1/accounts/${ref.account}/apps/${ref.app}/environments/${ref.environment}`,
    );
  };
  /**
   * The operation as polled; undefined when the answer holds none (the caller polls again). A
   * name left out of the answer is the name polled.
   */
  const getOperation = async (
    name: string,
    o?: CallOptions & { deadline?: number },
  ): Promise<Operation | undefined> => {
    const res = await call({
      route: routes.getOperation,
      params: parseOperationName(name),
      signal: o?.signal,
      deadline: o?.deadline,
    });
    return readOperation(res.data, name);
  };

  return {
    /**
     * Creates an app and returns it (the service answers 200 with no body, so it is read back).
     * A 409 counts as success when the existing app has the same region — a retried create, or
     * a concurrent run that won the race; otherwise it is a Conflict naming both regions.
     * `onExisting` tells a caller that must not claim the creation (the `app-created` output).
     */
    async createApp(ref: AppRef & { region: string }, o?: CreateAppOptions): Promise<App> {
      const region = regionName(ref.region);
      try {
        const res = await call({
          route: routes.createApp,
          params: { account: ref.account },
          query: { appId: ref.app },
          json: { region, uploadable: {} },
          signal: o?.signal,
        });
        const data = readApp(res.data);
        if (data?.region) return data;
      } catch (err) {
        if (!(err instanceof Conflict)) throw err;
        const existing = await getApp(ref, o);
        // A region left out of the answer cannot contradict ours: the app is there, take it.
        if (existing.region === undefined || existing.region === region) {
          o?.onExisting?.(existing);
          return existing;
        }
        throw new Conflict({
          method: err.method,
          path: err.path,
          status: 409,
          serverMessage: err.serverMessage,
          code: err.code,
          attempts: err.attempts,
          advice: `app "${ref.app}" exists in ${existing.region}, not ${region}; use that region or another app id`,
        });
      }
      return getApp(ref, o);
    },
    listApps,
    iterateApps: (account: string, q: Omit<HeadlessPageQuery, 'pageToken'> = {}, o?: CallOptions) =>
      walkTokenPages<App>(async (pageToken) => {
        const page = await listApps(account, { ...q, pageToken }, o);
        return { items: page.apps, nextPageToken: page.nextPageToken };
      }),
    getApp,
    deleteApp: async (ref: AppRef, o?: CallOptions) => {
      await call({ route: routes.deleteApp, params: appParams(ref), signal: o?.signal });
    },

    /**
     * Not idempotent and not retried after an ambiguous failure: when the error says
     * `mayHaveSucceeded`, list the environments and look for the display name before trying again.
     * Answers the creation's operation, or undefined when the answer holds none (the environment
     * was created all the same: look it up by its display name).
     */
    createEnvironment: async (ref: AppRef, env: NewEnvironment, o?: CallOptions): Promise<Operation | undefined> =>
      readOperation(
        (await call({ route: routes.createEnvironment, params: appParams(ref), json: env, signal: o?.signal })).data,
      ),
    listEnvironments,
    iterateEnvironments,
    getEnvironment,
    /**
     * The environment whose display name (or id) is `wanted`, or null when the app has none: the
     * id every other environment call takes is `environmentId(env)`.
     */
    findEnvironment: (ref: AppRef, wanted: string, o?: CallOptions): Promise<Environment | null> =>
      findEnvironment({ getEnvironment, iterateEnvironments }, ref, wanted, o?.signal),
    /**
     * Sends the whole record and names every field in `updateMask`: right whether the server
     * applies the mask or replaces the record, and no field is cleared by being left out.
     * Answers the update's operation, or undefined when the answer holds none.
     */
    patchEnvironment: async (
      ref: EnvironmentRef,
      record: EnvironmentRecord,
      o?: CallOptions,
    ): Promise<Operation | undefined> => {
      const json: EnvironmentRecord = {
        displayName: record.displayName,
        branch: record.branch,
        cmsEnvironment: record.cmsEnvironment,
        shellVariables: record.shellVariables,
      };
      const res = await call({
        route: routes.patchEnvironment,
        params: envParams(ref),
        query: { updateMask: Object.keys(json).join(',') },
        json,
        signal: o?.signal,
      });
      return readOperation(res.data);
    },
    deleteEnvironment: async (ref: EnvironmentRef, o?: CallOptions) => {
      await call({ route: routes.deleteEnvironment, params: envParams(ref), signal: o?.signal });
    },

    /**
     * Uploads a zip from disk (streamed; re-opened from the start for every attempt). With
     * `growing`, `file` is the path being written, sent as it grows on the first attempt.
     * Answers the upload's operation, or undefined when the answer holds none (`{}`, no body):
     * the zip was accepted all the same, and its build can be followed by the name the spec
     * gives it (`uploadOperationName`).
     */
    async uploadEnvironment(
      ref: EnvironmentRef,
      file: string | UploadFile,
      o: UploadOptions = {},
    ): Promise<Operation | undefined> {
      const f = typeof file === 'string' ? { path: file, filename: o.filename } : file;
      const g = o.growing;
      if (g && g.file.path !== f.path) throw new Error('upload: the growing file is not the file to upload');
      const size = g ? undefined : await fileSize(f.path);
      const openFile = async () => {
        o.onAttempt?.('file');
        // A retry of a streamed upload waits for the writer: the file goes whole, with its length.
        const bytes = g ? (await g.file.done, await fileSize(f.path)) : size!;
        return { ...(await multipartOpener(f, bytes)()), maxMs: uploadMaxMs(bytes) };
      };
      const streamFirst: StreamFirst | undefined = g && {
        open: () => {
          o.onAttempt?.('streamed');
          return { ...growingMultipart(g.file, f.filename), maxMs: uploadMaxMs(g.expectedBytes) };
        },
        whenRefused: g.whenRefused ?? 'file',
        ...(g.refusedAdvice ? { refusedAdvice: g.refusedAdvice } : {}),
        ...(g.onRefused ? { onRefused: g.onRefused } : {}),
      };
      const res = await call({
        route: routes.uploadEnvironment,
        params: envParams(ref),
        openBody: openFile,
        ...(streamFirst ? { streamFirst } : {}),
        onBodyProgress: o.onProgress,
        signal: o.signal,
      });
      return readOperation(res.data);
    },

    getOperation,
    /** See wait-for-operation.ts: returns the done operation (check `error`), throws TimeoutError. */
    waitForOperation: (name: string, options: WaitOptions) =>
      waitForOperation({ clock, getOperation: (n, opts) => getOperation(n, opts) }, name, options),

    /** Triggers a webhook; answers the HTTP status (200 on success). */
    async triggerWebhook(target: WebhookParts | WebhookUrl, o?: CallOptions): Promise<{ status: number }> {
      if ('url' in target) {
        const url = webhookUrl(target.url);
        const token = url.searchParams.get('token') ?? undefined;
        const res = await call({
          route: routes.triggerWebhook,
          url,
          source: 'webhook-url',
          secrets: [token, target.url],
          signal: o?.signal,
        });
        return { status: res.status };
      }
      const res = await call({
        route: routes.triggerWebhook,
        params: { ...envParams(target), action: target.action },
        query: { token: target.token },
        secrets: [target.token],
        signal: o?.signal,
      });
      return { status: res.status };
    },
  };
}

export type HeadlessMethods = ReturnType<typeof headlessMethods>;
