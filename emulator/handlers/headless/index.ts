/** One handler per headless route of src/api/routes.ts. */
import type { RouteName } from '../../../src/api/routes.js';
import type { Handler } from '../context.js';
import { createApp, deleteApp, getApp, listApps } from './apps.js';
import {
  createEnvironment,
  deleteEnvironment,
  getEnvironment,
  listEnvironments,
  patchEnvironment,
} from './environments.js';
import { getOperation } from './operations.js';
import { uploadEnvironment } from './upload.js';
import { triggerWebhook } from './webhooks.js';

export const headlessHandlers: Partial<Record<RouteName, Handler>> = {
  createApp,
  listApps,
  getApp,
  deleteApp,
  createEnvironment,
  listEnvironments,
  getEnvironment,
  patchEnvironment,
  deleteEnvironment,
  uploadEnvironment,
  getOperation,
  triggerWebhook,
};
