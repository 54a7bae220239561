export type ProxyEnv = Readonly<Record<string, string | undefined>>;
export interface ProxyChoice {
    /** The proxy's URL without credentials: what messages may name. */
    url: URL;
    /** `Basic …` from the credentials in the proxy URL, sent as Proxy-Authorization. */
    authorization?: string;
}
/** Thrown for a proxy variable that is not a URL; names the variable, never its value (it may hold a password). */
export declare class ProxyConfigError extends Error {
    name: string;
}
/**
 * Parses a proxy URL as curl and @actions/http-client do: a bare `host:port` means http.
 * Credentials are percent-decoded, as the URL standard keeps them encoded.
 */
export declare function parseProxyUrl(raw: string, variable: string): ProxyChoice;
/** True when NO_PROXY (or loopback) says this URL goes direct. */
export declare function bypassesProxy(url: URL, env: ProxyEnv): boolean;
/** The proxy for a request to `url`, or undefined for a direct connection. */
export declare function proxyFor(url: URL, env: ProxyEnv): ProxyChoice | undefined;
/**
 * Every form the proxy credentials may take in a log (user, password, both, the Basic value
 * and the whole variable), for main to mask: a proxy URL with a password is a secret too.
 */
export declare function proxySecrets(env: ProxyEnv): string[];
/** `proxy.example.com:3128`: how messages name a proxy (never with credentials). */
export declare function describeProxy(choice: ProxyChoice): string;
