/**
 * The tolerant reader: every answer whose shape the spec does not show (or shows only in part)
 * is read here, field by field, into a type that says what may be missing. The emulator answers
 * one way; the platform's public reference answers others (`{}`, no body, fields left out as
 * protobuf's JSON mapping leaves out empty ones). Nothing here throws for a missing field: what a
 * caller cannot do without is typed as optional, so the compiler makes it decide.
 * docs/api.md ("What the platform may answer") lists each answer and what it means.
 */
import type { App, Domain, Environment, InstallCopyAnswer, Operation } from './types.js';
/**
 * An Operation, or undefined when the answer holds none (no body, `{}`, another shape). A
 * missing `name` is taken from `asked` (the name polled), when there is one. An `error` marks
 * the operation done even where `done` is left out: a long-running operation carries an error
 * only once it has ended.
 */
export declare function readOperation(data: unknown, asked?: string): Operation | undefined;
/**
 * An environment record. The spec does not show its fields; the name (which holds the id) is
 * the one thing an environment cannot be used without. Fields left out read as protobuf's JSON
 * mapping means them: an empty string, an empty list.
 */
export declare function readEnvironment(data: unknown): Environment | undefined;
/** An app record: its name, and its region when the answer gives one. */
export declare function readApp(data: unknown): App | undefined;
/** One page of a headless list: the records that can be read, and the token of the next page. */
export declare function readTokenPage<T>(data: unknown, field: string, read: (item: unknown) => T | undefined): {
    items: T[];
    nextPageToken?: string;
};
/** `install_copy` answers `{id, status}`, `{}` or no body: each means accepted; the id when it came. */
export declare function readInstallCopy(data: unknown): InstallCopyAnswer;
/** Domain verification's answer is not shown: the Domain when it is one, else nothing. */
export declare function readDomain(data: unknown): Domain | undefined;
