/** The inputs: read once, checked against every rule, frozen. */
export { InputError, readInputs } from './read-inputs.js';
export { secretValues } from './secrets.js';
export { stepInputs } from './types.js';
export type { ChosenStep, Credentials, InputGetter, Inputs, SharedInputs } from './types.js';
export { ACTION_INPUT_DEFAULTS } from './action-metadata.js';
