/** The steps find an environment as the client does (by id or display name): one rule for both. */
export { environmentId, findEnvironment } from '../../api/find-environment.js';
