export interface TlsMaterial {
    /** The CA certificate, PEM: what a client must trust. */
    caPem: string;
    /** The server certificate, PEM, signed by the CA. */
    certPem: string;
    /** The server certificate's private key, PEM (PKCS#1). */
    keyPem: string;
}
export interface MakeTlsOptions {
    /** Host names and IP addresses (v4 or v6, without brackets) the server certificate is valid for. */
    hosts: readonly string[];
    /** How long both certificates stay valid; default 30 days. */
    validDays?: number;
    /** Start of validity; default now. Backdated by an hour to absorb clock skew between processes. */
    now?: Date;
}
export declare function makeTlsMaterial(options: MakeTlsOptions): TlsMaterial;
