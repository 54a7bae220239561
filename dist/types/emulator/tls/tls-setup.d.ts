export interface TlsPem {
    /** Server certificate (chain), PEM. */
    certPem: string;
    /** Its private key, PEM. */
    keyPem: string;
    /** The CA that signed it, when known: reported back to the caller, not used by the server. */
    caPem?: string;
}
/** `true`: generate; or certificate and key as PEM text. */
export type TlsOption = boolean | TlsPem;
export interface TlsSetup {
    certPem: string;
    keyPem: string;
    caPem: string | null;
    /** Temp file holding caPem when the CA was generated here; null otherwise. */
    caPath: string | null;
    /** Removes the temp CA file, if any. */
    dispose(): void;
}
export declare const LOOPBACK_HOSTS: readonly string[];
export declare function setupTls(option: TlsOption, listenHost: string): TlsSetup | null;
