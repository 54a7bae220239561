/** The shape of the ids the emulator makes: `crypto.randomUUID()`, a version 4 uuid in lower case. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
export const UUID = new RegExp(`^${UUID_SOURCE}$`);
