/** Site records as the API shows them, each with the installs it holds (those the caller may see). */
import type { InstallRec, SiteRec } from '../../store/state.js';
import type { Site } from '../../types/hosting.js';

export function siteView(site: SiteRec, installs: readonly InstallRec[]): Site {
  return {
    id: site.id,
    name: site.name,
    account: { id: site.account_id },
    group_name: site.group_name,
    tags: [...site.tags],
    created_at: site.created_at,
    sandbox: site.sandbox,
    transferable: site.transferable,
    installs: installs
      .filter((i) => i.site_id === site.id)
      .map((i) => ({
        id: i.id,
        name: i.name,
        // An install outside any environment slot still needs one on the wire; production is the default slot.
        environment: i.environment ?? 'production',
        cname: i.cname,
        php_version: i.php_version,
        is_multisite: i.is_multisite,
      })),
  };
}
