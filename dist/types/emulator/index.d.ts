import { EmulatorClock } from './config/clock.js';
import { type EmulatorOptions } from './config/options.js';
import { type RequestLogEntry } from './http/request-log.js';
import type { State } from './store/state.js';
export type { EmulatorOptions } from './config/options.js';
export type { Seed } from './store/seed.js';
export type { State } from './store/state.js';
export type { RequestLogEntry } from './http/request-log.js';
export type { TlsOption, TlsPem } from './tls/tls-setup.js';
export { makeTlsMaterial, type TlsMaterial } from './tls/make-certificates.js';
export interface EmulatorTls {
    /** The CA that signed the server certificate (PEM), when known. */
    caPem: string | null;
    /** A temp file holding caPem when the emulator made the CA; removed by close(). */
    caPath: string | null;
}
export interface RunningEmulator {
    /** e.g. http://127.0.0.1:41234 (https:// with `tls`) — the hosting API's base URL. */
    url: string;
    hostingUrl: string;
    /** url + '/headless' */
    headlessUrl: string;
    clock: EmulatorClock;
    /** Set when serving HTTPS: what a client must trust. */
    tls: EmulatorTls | null;
    /** The live state (mutable: tests may inspect it or arrange records directly). */
    readonly state: State;
    /** Requests seen since start or the last reset, control routes excluded. */
    requests(): RequestLogEntry[];
    reset(): void;
    close(): Promise<void>;
}
export declare function startEmulator(options?: EmulatorOptions): Promise<RunningEmulator>;
