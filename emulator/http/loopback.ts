/** Which host names and addresses stay on this machine. */
import { isIP } from 'node:net';

/** A bare host (no port; IPv6 with or without brackets) that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host).toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** What to tell a user who makes the emulator listen beyond this machine; null when it does not. */
export function exposedControlWarning(host: string): string | null {
  if (isLoopbackHost(host)) return null;
  return (
    `warning: listening on "${host}", not a loopback address: the control routes under /__emulator/ ` +
    '(reset, state, clock, faults, config) can be reached from other machines, without credentials'
  );
}
