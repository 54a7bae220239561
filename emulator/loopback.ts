/** Which host names and addresses stay on this machine. */
import { isIP } from 'node:net';

/** A bare host (no port; IPv6 with or without brackets) that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host).toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}
