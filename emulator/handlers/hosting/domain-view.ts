/**
 * Domain records as the API shows them. network_details is derived from the install and the
 * ownership state: a domain serves traffic (and gets its certificate) only once verified.
 */
import type { DomainRec, InstallRec } from '../../store/state.js';
import type { Domain } from '../../types/hosting.js';

/** Documentation-range addresses (RFC 5737): plausible, and never anyone's real server. */
export const EDGE_A_RECORDS = ['192.0.2.10', '192.0.2.11'];

export function domainView(d: DomainRec, install: InstallRec): Domain {
  const verified = d.ownership_status === 'TXT_VERIFIED';
  return {
    name: d.name,
    duplicate: d.duplicate,
    primary: d.primary,
    id: d.id,
    network_type: d.network_type ?? 'AN',
    network_details: d.network_details ?? {
      dns_config_info: { cname: install.cname, a_records: [...EDGE_A_RECORDS] },
      network_info: { status: verified ? 'ACTIVE' : 'PENDING', ssl: { status: verified ? 'active' : 'pending' } },
    },
    redirects_to: (d.redirects_to ?? []).map((r) => ({ ...r })),
    secure_all_urls: d.secure_all_urls,
    txt_verified_time: d.txt_verified_time ?? null,
    txt_verified_domain: d.txt_verified_domain ?? null,
    txt_verification_key: d.txt_verification_key ?? null,
    txt_verification_value: d.txt_verification_value ?? null,
    ownership_status: d.ownership_status ?? 'TXT_VERIFICATION_PENDING',
  };
}
