/**
 * Inputs that need GitHub itself: a GitHub Deployment, a pull request comment, the sweep of
 * previews whose pull request is over, and whatever else reads the run's repository or pull
 * request. Outside GitHub Actions they are an input error, before any request: there is no
 * repository, no pull request and no token to act with.
 */
import { ACTION_INPUTS } from '../../inputs/action-metadata.js';
import { inputDefault } from '../../inputs/input-defaults.js';

const NAMES: readonly string[] = ACTION_INPUTS;

export const GITHUB_ONLY_INPUTS: readonly string[] = [
  'github-deployment',
  'pr-comment',
  'sweep-previews',
  'keep-archive',
  'rollback',
  'rollback-on-failure',
].filter((name) => NAMES.includes(name));

/** One problem per GitHub-only input given a value other than its default, when not on GitHub Actions. */
export function githubOnlyProblems(
  inputs: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  if (env.GITHUB_ACTIONS === 'true') return [];
  return GITHUB_ONLY_INPUTS.filter((name) => {
    const value = inputs[name]?.trim() ?? '';
    return value !== '' && value.toLowerCase() !== inputDefault(name).toLowerCase();
  }).map(
    (name) =>
      `input "${name}" needs the GitHub Actions environment (a repository, a pull request, its token): run the action there, or leave "${name}" out`,
  );
}
