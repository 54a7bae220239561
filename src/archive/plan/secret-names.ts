/**
 * Which files of a workspace look like they hold secrets: names the frameworks and tools use for
 * them, so an upload that carries one is worth a word. Decided by name, except `.npmrc`, which
 * is only a secret when it holds a registry credential, and is read (its start only) to tell.
 * Nothing here ever returns or logs a file's contents.
 */

/** `.env.example` and its kind are committed on purpose, to show which variables exist. */
const ENV_TEMPLATE_SUFFIXES = ['example', 'sample', 'template', 'defaults', 'dist', 'schema', 'tpl'];

/** Private keys of ssh-keygen's default names: `id_rsa`, `id_ed25519_sk`, `id_rsa.old`; never the `.pub` half. */
const SSH_PRIVATE_KEY = /^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:[._-].*)?$/;

/** How much of an `.npmrc` is read: a real one is a few lines; a large one is not read whole. */
export const NPMRC_READ_BYTES = 64 * 1024;

/** A registry credential in an `.npmrc` line: `//registry/:_authToken=…`, `_auth=…`, `_password=…`. */
const NPMRC_CREDENTIAL = /(?:^|[:\s])_(?:authToken|auth|password)\s*=\s*\S/m;

export type SecretKind = 'env' | 'key' | 'npmrc';

/**
 * Whether a file of this base name looks like it holds secrets by its name alone; `npmrc` when
 * only its contents can tell (see `npmrcHasCredential`); null when it does not.
 */
export function secretKindOf(baseName: string): SecretKind | 'npmrc' | null {
  if (baseName === '.npmrc') return 'npmrc';
  if (baseName === '.env') return 'env';
  if (baseName.startsWith('.env.')) {
    const suffix = baseName.slice('.env.'.length).toLowerCase();
    const last = suffix.slice(suffix.lastIndexOf('.') + 1);
    return ENV_TEMPLATE_SUFFIXES.includes(last) ? null : 'env';
  }
  if (baseName.endsWith('.pem') || baseName.endsWith('.key')) return 'key';
  if (SSH_PRIVATE_KEY.test(baseName) && !baseName.endsWith('.pub')) return 'key';
  return null;
}

/** Whether the start of an `.npmrc` (at most NPMRC_READ_BYTES of it) holds a registry credential. */
export function npmrcHasCredential(head: string): boolean {
  return head.split(/\r?\n/).some((line) => {
    const text = line.trim();
    return !text.startsWith('#') && !text.startsWith(';') && NPMRC_CREDENTIAL.test(text);
  });
}
