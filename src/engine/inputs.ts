/** The inputs: read once, checked against every rule, frozen. */
export { InputError, readInputs } from './read-inputs.js';
export { secretValues } from '../inputs/secrets.js';
export { stepInputs } from './run-inputs.js';
export type { ChosenStep, Inputs } from './run-inputs.js';
export type { Credentials, InputGetter, SharedInputs } from '../inputs/types.js';
export { ACTION_INPUT_DEFAULTS } from '../inputs/action-metadata.js';
