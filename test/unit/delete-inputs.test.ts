/** The delete step's input rules: chosen alone, refused before any request when it cannot match. */
import { describe, expect, it } from 'vitest';
import { inputProblems } from '../helpers/step-context.js';
import { readInputs, stepInputs } from '../../src/engine/inputs.js';

type Values = Record<string, string>;
const DELETE: Values = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://headless.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'pr-12',
  'delete-environment': 'true',
};

function read(values: Values) {
  return readInputs((n) => values[n] ?? '', '/ws');
}
const problems = (values: Values) => inputProblems(values);

describe('delete inputs', () => {
  it('chooses delete alone: app names the app to delete from, not a deploy', () => {
    const inputs = read(DELETE);
    expect(inputs.steps.map((s) => s.name)).toEqual(['delete']);
    expect(stepInputs(inputs, 'delete')!.pattern.source).toBe('pr-*');
  });

  it('refuses a display name outside delete-pattern before any request', () => {
    expect(problems({ ...DELETE, environment: 'production' })).toEqual([
      'input "environment" "production" does not match delete-pattern "pr-*", so it will not be deleted; only environments whose display name matches the pattern are (check the environment input, or widen delete-pattern)',
    ]);
  });

  it('lets an id through to the lookup, which checks its display name', () => {
    expect(read({ ...DELETE, environment: '0a1b2c3d' }).steps).toHaveLength(1);
  });

  it('takes a wider pattern', () => {
    expect(read({ ...DELETE, environment: 'preview-x', 'delete-pattern': 'preview-*' }).steps).toHaveLength(1);
  });

  it('refuses another step in the same run', () => {
    expect(problems({ ...DELETE, deploy: 'true' })).toEqual([
      'the delete step runs alone, but the inputs also ask for deploy; run them in separate steps of the workflow',
    ]);
  });

  it('needs the credentials, and github-token for its GitHub options', () => {
    expect(problems({ ...DELETE, 'api-password': '', 'pr-comment': 'true' })).toEqual([
      'input "api-password" is required by delete; set it from a secret',
      'input "github-token" is required by pr-comment; set it, e.g. to ${{ github.token }}',
    ]);
  });

  it('warns that delete-pattern is ignored when no delete runs', () => {
    const { 'delete-environment': _, ...deploy } = DELETE;
    expect(read({ ...deploy, 'delete-pattern': 'x-*' }).warnings).toEqual([
      'input "delete-pattern" is ignored: no delete or sweep runs',
    ]);
  });

  it('refuses a negated pattern', () => {
    expect(problems({ ...DELETE, 'delete-pattern': '!production' })[0]).toContain('negated patterns are not supported');
  });
});
