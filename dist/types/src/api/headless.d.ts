/**
 * Typed methods of the headless application API: apps, environments, the zip upload,
 * operations (get and wait), and webhook triggers.
 */
import type { Clock } from '../util/clock.js';
import type { GrowingFile } from './growing-file.js';
import { type UploadFile } from './multipart.js';
import { type CallOptions, type Requester } from './request.js';
import type { StreamRefusal } from './retry-policy.js';
import type { App, Environment, EnvironmentRecord, NewEnvironment, Operation, WebhookAction } from './types.js';
import { type WaitOptions } from './wait-for-operation.js';
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
export declare function regionName(region: string): string;
export declare function headlessMethods(call: Requester, clock: Clock): {
    /**
     * Creates an app and returns it (the service answers 200 with no body, so it is read back).
     * A 409 counts as success when the existing app has the same region — a retried create, or
     * a concurrent run that won the race; otherwise it is a Conflict naming both regions.
     * `onExisting` tells a caller that must not claim the creation (the `app-created` output).
     */
    createApp(ref: AppRef & {
        region: string;
    }, o?: CreateAppOptions): Promise<App>;
    listApps: (account: string, q?: HeadlessPageQuery, o?: CallOptions) => Promise<{
        nextPageToken?: string | undefined;
        apps: App[];
    }>;
    iterateApps: (account: string, q?: Omit<HeadlessPageQuery, "pageToken">, o?: CallOptions) => AsyncGenerator<App, void, undefined>;
    getApp: (ref: AppRef, o?: CallOptions) => Promise<App>;
    deleteApp: (ref: AppRef, o?: CallOptions) => Promise<void>;
    /**
     * Not idempotent and not retried after an ambiguous failure: when the error says
     * `mayHaveSucceeded`, list the environments and look for the display name before trying again.
     * Answers the creation's operation, or undefined when the answer holds none (the environment
     * was created all the same: look it up by its display name).
     */
    createEnvironment: (ref: AppRef, env: NewEnvironment, o?: CallOptions) => Promise<Operation | undefined>;
    listEnvironments: (ref: AppRef, q?: HeadlessPageQuery, o?: CallOptions) => Promise<{
        nextPageToken?: string | undefined;
        environments: Environment[];
    }>;
    iterateEnvironments: (ref: AppRef, q?: Omit<HeadlessPageQuery, "pageToken">, o?: CallOptions) => AsyncGenerator<Environment, void, undefined>;
    getEnvironment: (ref: EnvironmentRef, o?: CallOptions) => Promise<Environment>;
    /**
     * The environment whose display name (or id) is `wanted`, or null when the app has none: the
     * id every other environment call takes is `environmentId(env)`.
     */
    findEnvironment: (ref: AppRef, wanted: string, o?: CallOptions) => Promise<Environment | null>;
    /**
     * Sends the whole record and names every field in `updateMask`: right whether the server
     * applies the mask or replaces the record, and no field is cleared by being left out.
     * Answers the update's operation, or undefined when the answer holds none.
     */
    patchEnvironment: (ref: EnvironmentRef, record: EnvironmentRecord, o?: CallOptions) => Promise<Operation | undefined>;
    deleteEnvironment: (ref: EnvironmentRef, o?: CallOptions) => Promise<void>;
    /**
     * Uploads a zip from disk (streamed; re-opened from the start for every attempt). With
     * `growing`, `file` is the path being written, sent as it grows on the first attempt.
     * Answers the upload's operation, or undefined when the answer holds none (`{}`, no body):
     * the zip was accepted all the same, and its build can be followed by the name the spec
     * gives it (`uploadOperationName`).
     */
    uploadEnvironment(ref: EnvironmentRef, file: string | UploadFile, o?: UploadOptions): Promise<Operation | undefined>;
    getOperation: (name: string, o?: CallOptions & {
        deadline?: number;
    }) => Promise<Operation | undefined>;
    /** See wait-for-operation.ts: returns the done operation (check `error`), throws TimeoutError. */
    waitForOperation: (name: string, options: WaitOptions) => Promise<Operation>;
    /** Triggers a webhook; answers the HTTP status (200 on success). */
    triggerWebhook(target: WebhookParts | WebhookUrl, o?: CallOptions): Promise<{
        status: number;
    }>;
};
export type HeadlessMethods = ReturnType<typeof headlessMethods>;
