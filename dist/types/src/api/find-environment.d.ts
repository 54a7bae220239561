import type { Environment } from './types.js';
/** The id is the last segment of the environment's resource name. */
export declare function environmentId(env: Pick<Environment, 'name'>): string;
/** The two calls a lookup needs (a client has both). */
export interface EnvironmentLookups {
    getEnvironment(ref: {
        account: string;
        app: string;
        environment: string;
    }, o?: {
        signal?: AbortSignal;
    }): Promise<Environment>;
    iterateEnvironments(ref: {
        account: string;
        app: string;
    }, q?: {
        pageSize?: number;
    }, o?: {
        signal?: AbortSignal;
    }): AsyncIterable<Environment>;
}
/** The environment whose id or display name is `wanted`, or null when the app has none such. */
export declare function findEnvironment(client: EnvironmentLookups, ref: {
    account: string;
    app: string;
}, wanted: string, signal?: AbortSignal): Promise<Environment | null>;
