/**
 * The shapes of an environment id the platform makes. The spec says identifiers are uuids
 * unless stated otherwise; older environments carry 24 hexadecimal characters, and seeds
 * written for earlier emulators 8. No other rule about an id's shape is relied on: an id is
 * whatever the last segment of the environment's name says.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?:[0-9a-f]{24}|[0-9a-f]{8})$/i;

/**
 * True when `value` is shaped like a server-made environment id. Such a value that is not found
 * is a mistyped or stale id, never a display name to create (`e0a1b2c4` next to `e0a1b2c3`).
 */
export function looksLikeEnvironmentId(value: string): boolean {
  return UUID.test(value) || HEX.test(value);
}

/** How the message names the shapes above. */
export const ENVIRONMENT_ID_SHAPES = 'a uuid, or 24 hexadecimal characters for older environments';
