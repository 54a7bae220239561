/**
 * The defaults of the inputs, applied by the engine rather than by the runner. GitHub's runner
 * passes an action.yml `default:` as if the workflow had given it, so a value a fleet file sets
 * (src/inputs/fleet/) could never be told from the default and would always lose. Every input a
 * fleet may set therefore has no `default:` in action.yml, and its default lives here; the
 * README's inputs table and `--help` show these. Only the secret github-token keeps its
 * `${{ github.token }}` in action.yml: the runner alone can evaluate it, and a fleet cannot set it.
 */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.freeze({
  region: 'US-C',
  'create-missing': 'true',
  'env-vars-mode': 'merge',
  path: '.',
  'respect-gitignore': 'false',
  'compression-level': '6',
  'upload-mode': 'auto',
  wait: 'true',
  'when-busy': 'wait',
  timeout: '30m',
  'copy-files': 'true',
  'copy-database': 'true',
  'dry-run': 'false',
  'github-deployment': 'false',
  'skip-unchanged': 'false',
  'delete-environment': 'false',
  'delete-pattern': 'pr-*',
  'sweep-previews': 'false',
  'sweep-max': '20',
  'health-expect': '200-399',
  'health-timeout': '5m',
  'keep-archive': 'false',
  'keep-archive-days': '30',
  'keep-archive-public': 'false',
  'rollback-on-failure': 'false',
  'pr-comment': 'false',
  'skip-without-credentials': 'false',
  'fleet-plan': 'false',
});

/** The default of an input, '' when it has none. */
export function inputDefault(name: string): string {
  return INPUT_DEFAULTS[name] ?? '';
}
