/** One handler per hosting route of src/api/routes.ts. */
import type { routes, RouteName } from '../../../src/api/routes.js';
import type { Handler } from '../context.js';
import { createAccountUser, listAccountUsers } from './account-users.js';
import { listArchives } from './archives.js';
import { getDomainStatusReport } from './domain-reports.js';
import { createDomain, getDomain, listDomains, verifyDomain } from './domains.js';
import { createInstallCopy } from './install-copy.js';
import { listInstalls, updateInstall } from './installs.js';
import { getAccountLimits } from './limits.js';
import { getSiteTransfer, listSiteTransfers } from './site-transfers.js';
import { createSite, listSites } from './sites.js';
import { listSshKeys } from './ssh-keys.js';
import { createThirdPartyCertificate, orderSslCertificate } from './ssl.js';

type HostingRouteName = { [K in RouteName]: (typeof routes)[K]['api'] extends 'hosting' ? K : never }[RouteName];

// Typed over the hosting rows, so a new hosting route without a handler fails to compile.
const all: Record<HostingRouteName, Handler> = {
  listInstalls,
  updateInstall,
  listArchives,
  createInstallCopy,
  createDomain,
  listDomains,
  getDomain,
  verifyDomain,
  getDomainStatusReport,
  orderSslCertificate,
  createThirdPartyCertificate,
  createSite,
  listSites,
  getSiteTransfer,
  listSiteTransfers,
  createAccountUser,
  listAccountUsers,
  getAccountLimits,
  listSshKeys,
};

export const hostingHandlers: Partial<Record<RouteName, Handler>> = all;
