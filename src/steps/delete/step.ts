/**
 * The delete step's row: with `delete-environment: true`, deletes the app's `environment` (id
 * or display name), e.g. a pull request's preview when the pull request closes. It runs alone,
 * and only on an environment whose display name matches `delete-pattern`.
 */
import type { InputReader } from '../../inputs/input-reader.js';
import { quote } from '../../inputs/parsers.js';
import type { SharedInputs } from '../../inputs/types.js';
import { githubNeeds } from '../../step-kit/github-needs.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { DeleteInputs } from './inputs.js';
import { parseDeletePattern, type DeletePattern } from '../../step-kit/delete-pattern.js';
import { looksLikeEnvironmentId } from '../../api/environment-id.js';
import { deleteEnvironment } from './run.js';

export const deleteStep: StepDefinition<'delete', DeleteInputs> = {
  name: 'delete',
  doing: 'deleting the environment',
  howToRun: '"delete-environment: true" to delete an environment',
  exclusive: true,
  owns: ['delete-pattern', 'github-deployment', 'pr-comment'],
  outputs: ['environment-deleted'],

  selected: (input) => input.bool('delete-environment'),

  needs(input) {
    return [
      ...['account', 'app', 'environment', 'headless-api-url', 'api-user-id', 'api-password'],
      ...githubNeeds(input),
    ];
  },

  read(input: InputReader, shared: SharedInputs, selected: boolean): DeleteInputs {
    const pattern = input.parse('delete-pattern', parseDeletePattern);
    const env = shared.environment;
    // A display name that cannot match is refused before any request; an id waits for its lookup.
    if (selected && pattern && env !== '' && !pattern.matches(env) && !looksLikeEnvironmentId(env)) {
      input.problem(
        'environment',
        `${quote(env)} does not match delete-pattern ${quote(pattern.source)}, so it will not be deleted; ` +
          'only environments whose display name matches the pattern are (check the environment input, or widen delete-pattern)',
      );
    }
    return {
      account: shared.account,
      app: shared.app,
      environment: env,
      headlessUrl: shared.headlessUrl as string,
      pattern: pattern as DeletePattern,
      githubDeployment: input.bool('github-deployment'),
    };
  },

  describe(d) {
    return `delete environment "${d.environment}" of app "${d.app}" (only if its display name matches "${d.pattern.source}")`;
  },

  async run(ctx, d) {
    await deleteEnvironment(ctx, d);
    return {};
  },
};
