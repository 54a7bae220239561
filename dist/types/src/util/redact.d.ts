export declare const REDACTED = "***";
/** Replaces the value of every `token=` query parameter (and `token=` in free text) with `***`. */
export declare function redactTokens(text: string): string;
/** A function that redacts the given secrets and every `token=` value from a string. */
export type Redactor = (text: string) => string;
/**
 * Builds a redactor for a set of secrets. `basic` pairs (user id, password) add the
 * `user:password` string and its base64 form, which is what travels in an Authorization header.
 */
export declare function createRedactor(secrets: readonly (string | undefined)[], basic?: [string, string]): Redactor;
/** One-off redaction: `redact(text, [password, token])`. */
export declare function redact(text: string, secrets?: readonly (string | undefined)[]): string;
