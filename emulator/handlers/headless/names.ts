/**
 * Resource names of the headless API (`accounts/{a}/apps/{app}/...`). Created environment ids
 * are uuids (store/ids.ts); a seed may also hold 24 or 8 hexadecimal characters.
 */
import type { AppRec, EnvironmentRec, OperationRec } from '../../store/state.js';

/** The operation and build id the spec gives an operation before its build has started. */
export const NO_BUILD = 'no_build';

export const appName = (app: Pick<AppRec, 'account' | 'appId'>) => `accounts/${app.account}/apps/${app.appId}`;

type EnvRef = Pick<EnvironmentRec, 'account' | 'app' | 'id'>;
export const environmentName = (env: EnvRef) => `accounts/${env.account}/apps/${env.app}/environments/${env.id}`;

type OpRef = Pick<OperationRec, 'account' | 'app' | 'environment'>;
const opEnv = (op: OpRef) => environmentName({ account: op.account, app: op.app, id: op.environment });
export const operationName = (op: OpRef, id: string) => `${opEnv(op)}/operations/${id}`;
export const buildName = (op: OpRef, id: string) => `${opEnv(op)}/builds/${id}`;
export const deploymentName = (op: OpRef, id: string) => `${opEnv(op)}/deployments/${id}`;
