/**
 * `NODE_TLS_REJECT_UNAUTHORIZED=0` in the job's env turns off certificate checks for every
 * connection Node makes: the API credentials, the zip and the GitHub token would go to whoever
 * answers for the host (or sits in the way). The action goes on (a private CA is often the reason
 * it was set, and refusing would break a run that worked), but says so where people look: a
 * `::warning::` and the job summary's warnings. docs/security.md and docs/network.md say why.
 */

/** Node turns verification off for exactly this value. */
const OFF = '0';

/** The warning to give when the environment turns off certificate checks; else null. Pure. */
export function insecureTlsWarning(env: Readonly<Record<string, string | undefined>>): string | null {
  if (env.NODE_TLS_REJECT_UNAUTHORIZED !== OFF) return null;
  return (
    'NODE_TLS_REJECT_UNAUTHORIZED is "0": TLS certificates are not checked, so the API credentials, the zip and the ' +
    'GitHub token go to whichever server answers (or a machine in the way); remove it from the env, and if the ' +
    'server uses a private CA, give that CA with NODE_EXTRA_CA_CERTS (docs/network.md)'
  );
}
