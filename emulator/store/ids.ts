/** Ids the emulator makes for new records, and the shapes a seed may give an environment id. */
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * A random lower-case hex id of `length` characters that `taken` does not hold. For ids the spec
 * gives no shape (operations, builds, deployments appear only as the last segment of a name).
 */
export function newHexId(length: number, taken: (id: string) => boolean = () => false): string {
  for (;;) {
    const id = randomBytes(Math.ceil(length / 2))
      .toString('hex')
      .slice(0, length);
    if (!taken(id)) return id;
  }
}

/** A random uuid that `taken` does not hold: the spec's identifiers are uuids unless it says otherwise. */
export function newUuid(taken: (id: string) => boolean = () => false): string {
  for (;;) {
    const id = randomUUID();
    if (!taken(id)) return id;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX_24_OR_8 = /^(?:[0-9a-f]{24}|[0-9a-f]{8})$/;

/** What `isEnvironmentId` accepts, for messages. */
export const ENVIRONMENT_ID_SHAPES =
  'a lower-case uuid, or 24 lower-case hexadecimal characters (older environments), or 8 (older seeds)';

/**
 * True for an environment id as the platform makes them: a uuid (what the emulator makes), or
 * 24 hexadecimal characters as older environments carry, or 8 as seeds written for earlier
 * emulators do. Lower case only: the platform makes them so, and paths match ids exactly.
 */
export function isEnvironmentId(id: string): boolean {
  return UUID.test(id) || HEX_24_OR_8.test(id);
}
