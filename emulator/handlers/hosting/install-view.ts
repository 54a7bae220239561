/**
 * Install records as the API shows them: a list item, or the single install, which alone carries
 * cms_version and defer_cms_upgrades_until (spec, Install table).
 */
import type { Install } from '../../../src/api/types.js';
import type { InstallRec } from '../../store/state.js';

export function installListItem(i: InstallRec): Install {
  return {
    id: i.id,
    name: i.name,
    account: { id: i.account_id },
    php_version: i.php_version,
    status: i.status,
    ...(i.site_id ? { site: { id: i.site_id } } : {}),
    cname: i.cname,
    stable_ips: [...i.stable_ips],
    ...(i.environment ? { environment: i.environment } : {}),
    primary_domain: i.primary_domain,
    is_multisite: i.is_multisite,
    created_at: i.created_at,
  };
}

export function installView(i: InstallRec): Install {
  return { ...installListItem(i), cms_version: i.cms_version, defer_cms_upgrades_until: i.defer_cms_upgrades_until };
}
