/**
 * Splits `accounts/a/apps/b/environments/c/operations/d` into route parameters. The name comes
 * from the server (or an input): a `.` or `..` segment, which the URL standard would resolve
 * out of the API's path, is refused like any other name of the wrong form.
 */
export declare function parseOperationName(name: string): Record<string, string>;
/**
 * The name the spec gives the operation of an upload (and of an environment's creation): it
 * stands for the environment's latest operation. An upload answered without an operation is
 * followed by this name.
 */
export declare function uploadOperationName(ref: {
    account: string;
    app: string;
    environment: string;
}): string;
