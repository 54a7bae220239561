/**
 * The tolerant reader: every answer whose shape the spec does not show (or shows only in part)
 * is read here, field by field, into a type that says what may be missing. The emulator answers
 * one way; the platform's public reference answers others (`{}`, no body, fields left out as
 * protobuf's JSON mapping leaves out empty ones). Nothing here throws for a missing field: what a
 * caller cannot do without is typed as optional, so the compiler makes it decide.
 * docs/api.md ("What the platform may answer") lists each answer and what it means.
 */
import type { App, Domain, Environment, InstallCopyAnswer, Operation, ShellVariable } from './types.js';

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * An Operation, or undefined when the answer holds none (no body, `{}`, another shape). A
 * missing `name` is taken from `asked` (the name polled), when there is one. An `error` marks
 * the operation done even where `done` is left out: a long-running operation carries an error
 * only once it has ended.
 */
export function readOperation(data: unknown, asked?: string): Operation | undefined {
  if (!isRecord(data)) return undefined;
  const name = nonEmpty(data.name) ?? asked;
  if (name === undefined) return undefined;
  const error = isRecord(data.error)
    ? { code: typeof data.error.code === 'number' ? data.error.code : undefined, message: text(data.error.message) }
    : undefined;
  const metadata = isRecord(data.metadata)
    ? { build: nonEmpty(data.metadata.build), deployment: nonEmpty(data.metadata.deployment) }
    : {};
  return { name, done: data.done === true || error !== undefined, metadata, ...(error ? { error } : {}) };
}

function readShellVariables(value: unknown): ShellVariable[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (v): v is ShellVariable =>
        isRecord(v) && typeof v.key === 'string' && (v.value === undefined || typeof v.value === 'string'),
    )
    .map((v) => ({ key: v.key, value: v.value ?? '' }));
}

/**
 * An environment record. The spec does not show its fields; the name (which holds the id) is
 * the one thing an environment cannot be used without. Fields left out read as protobuf's JSON
 * mapping means them: an empty string, an empty list.
 */
export function readEnvironment(data: unknown): Environment | undefined {
  if (!isRecord(data)) return undefined;
  const name = nonEmpty(data.name);
  if (name === undefined || !/\/environments\/[^/]+$/.test(name)) return undefined;
  return {
    name,
    displayName: text(data.displayName) ?? '',
    branch: text(data.branch) ?? '',
    cmsEnvironment: text(data.cmsEnvironment) ?? '',
    shellVariables: readShellVariables(data.shellVariables),
    ...(typeof data.reconciling === 'boolean' ? { reconciling: data.reconciling } : {}),
  };
}

/** An app record: its name, and its region when the answer gives one. */
export function readApp(data: unknown): App | undefined {
  if (!isRecord(data)) return undefined;
  const name = nonEmpty(data.name);
  if (name === undefined) return undefined;
  const region = nonEmpty(data.region);
  return { name, ...(region ? { region } : {}) };
}

/** One page of a headless list: the records that can be read, and the token of the next page. */
export function readTokenPage<T>(
  data: unknown,
  field: string,
  read: (item: unknown) => T | undefined,
): { items: T[]; nextPageToken?: string } {
  if (!isRecord(data)) return { items: [] };
  const raw = Array.isArray(data[field]) ? (data[field] as unknown[]) : [];
  const items = raw.map(read).filter((item): item is T => item !== undefined);
  const next = nonEmpty(data.nextPageToken);
  return next ? { items, nextPageToken: next } : { items };
}

/** `install_copy` answers `{id, status}`, `{}` or no body: each means accepted; the id when it came. */
export function readInstallCopy(data: unknown): InstallCopyAnswer {
  if (!isRecord(data)) return {};
  const id = nonEmpty(data.id);
  const status = nonEmpty(data.status);
  return { ...(id ? { id } : {}), ...(status ? { status } : {}) };
}

/** Domain verification's answer is not shown: the Domain when it is one, else nothing. */
export function readDomain(data: unknown): Domain | undefined {
  return isRecord(data) && typeof data.id === 'string' && typeof data.name === 'string'
    ? (data as unknown as Domain)
    : undefined;
}
