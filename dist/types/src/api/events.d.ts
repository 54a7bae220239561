/** What the client reports as it goes (ClientOptions.logger / onRetry). */
export interface RequestEvent {
    type: 'request';
    method: string;
    path: string;
    attempt: number;
}
export interface ResponseEvent {
    type: 'response';
    method: string;
    path: string;
    attempt: number;
    /** HTTP status, or the failure kind when there was no response. */
    status: number | string;
    ms: number;
}
export interface RetryEvent {
    type: 'retry';
    method: string;
    path: string;
    /** The attempt that failed. */
    attempt: number;
    delayMs: number;
    reason: string;
}
/** What the client reports as it goes; paths carry no query string and no secret. */
export type ClientEvent = RequestEvent | ResponseEvent | RetryEvent;
