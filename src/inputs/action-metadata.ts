// Generated from action.yml by scripts/generate-action-metadata.ts (run by `npm run package`).
// Do not edit: change action.yml and regenerate. A unit test fails when the two differ.

/** Every input action.yml declares. */
export const ACTION_INPUTS = [
  'api-user-id',
  'api-password',
  'api-url',
  'headless-api-url',
  'account',
  'app',
  'deploy',
  'environment',
  'region',
  'create-missing',
  'cms-environment',
  'env-vars',
  'env-vars-mode',
  'path',
  'exclude',
  'exclude-from',
  'compression-level',
  'wait',
  'operation',
  'timeout',
  'copy-from',
  'copy-to',
  'copy-files',
  'copy-database',
  'copy-db-tables',
  'notification-emails',
  'webhook',
  'webhook-token',
  'webhook-url',
  'dry-run',
  'github-token',
  'github-deployment',
  'delete-environment',
  'delete-pattern',
  'environment-url',
  'pr-comment',
  'skip-without-credentials'
] as const;

/** The defaults action.yml gives; the runner passes them, and a run without the runner gets the same. */
export const ACTION_INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.freeze({
  "region": "US-C",
  "create-missing": "true",
  "env-vars-mode": "merge",
  "path": ".",
  "compression-level": "6",
  "wait": "true",
  "timeout": "30m",
  "copy-files": "true",
  "copy-database": "true",
  "dry-run": "false",
  "github-token": "${{ github.token }}",
  "github-deployment": "false",
  "delete-environment": "false",
  "delete-pattern": "pr-*",
  "pr-comment": "false",
  "skip-without-credentials": "false",
});

/** Every output action.yml declares. */
export const ACTION_OUTPUTS = [
  'app',
  'environment-id',
  'app-created',
  'environment-created',
  'operation',
  'build',
  'deployment',
  'archive-bytes',
  'archive-files',
  'archive-sha256',
  'install-copy',
  'install-copy-id',
  'webhook-status',
  'url',
  'environment-deleted',
  'status'
] as const;
