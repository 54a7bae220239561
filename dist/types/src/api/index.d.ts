/**
 * The typed API client of both APIs (`headless-deploy/client`): `createClient`, the wire
 * types, the error classes, the route table, and the pure policies others may reuse.
 */
export { createClient, DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_USER_AGENT } from './client.js';
export type { Client, ClientOptions } from './client.js';
export * from './errors.js';
export * from './types.js';
export { routes, buildPath, compilePath } from './routes.js';
export type { Api, Auth, Method, RouteDef, RouteName } from './routes.js';
export type { AccountFilter, AccountUserCreated, InstallUpdate, NewDomain } from './hosting.js';
export type { AppRef, CreateAppOptions, EnvironmentRef, HeadlessPageQuery, UploadOptions, WebhookParts, WebhookUrl, } from './headless.js';
export { regionName } from './headless.js';
export { parseOperationName, uploadOperationName } from './operation-name.js';
export { readApp, readDomain, readEnvironment, readInstallCopy, readOperation } from './read-answer.js';
export type { CallOptions } from './request.js';
export type { ClientEvent, RequestEvent, ResponseEvent, RetryEvent } from './events.js';
export { readErrorBody } from './error-body.js';
export type { ErrorBody } from './error-body.js';
export { DEFAULT_RETRY, decideRetry, parseRetryAfter, streamRefusal } from './retry-policy.js';
export type { RetryOptions, StreamRefusal } from './retry-policy.js';
export { GrowingFile } from './growing-file.js';
export { DEFAULT_POLL_SCHEDULE, pollInterval } from './poll-schedule.js';
export type { PollSchedule } from './poll-schedule.js';
export type { PollInfo, WaitOptions } from './wait-for-operation.js';
export { formatDuration } from './wait-for-operation.js';
export { collect } from './paginate.js';
export { environmentId } from './find-environment.js';
export { UnsafeUrlError, isLoopbackHost, checkBaseUrl } from './url.js';
export { parseWebhookUrl } from './webhook-url.js';
export type { ParsedWebhookUrl } from './webhook-url.js';
export type { Transport, TransportRequest, TransportResponse } from './transport-types.js';
export { TransportFailure } from './transport-types.js';
export { proxyFor, bypassesProxy, ProxyConfigError } from './proxy.js';
export type { ProxyChoice, ProxyEnv } from './proxy.js';
export type { NetworkFailure } from './network-failure.js';
