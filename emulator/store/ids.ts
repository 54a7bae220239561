/** Ids the emulator makes for new records. */
import { randomBytes } from 'node:crypto';

/** A random lower-case hex id of `length` characters that `taken` does not hold. */
export function newHexId(length: number, taken: (id: string) => boolean = () => false): string {
  for (;;) {
    const id = randomBytes(Math.ceil(length / 2))
      .toString('hex')
      .slice(0, length);
    if (!taken(id)) return id;
  }
}
