/**
 * Install records as the API shows them: a list item, or the single install, which alone carries
 * cms_version and defer_cms_upgrades_until (spec, Install table).
 */
import type { InstallRec } from '../../store/state.js';
import type { Install, InstallListItem } from '../../types/hosting.js';

export function installListItem(i: InstallRec): InstallListItem {
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
