/**
 * GET /v1/installs/{install_id}/domains/check_status/{report_id}. Reports come from the seed
 * (`domainReports`): the API has no route that creates one and the Domain has no field that
 * would carry its id. A report is incomplete (every lookup still running, values empty) until
 * its complete_at on the emulator clock, then shows plausible DNS/HTTP/SSL results for each
 * domain of the install, computed from the domains as they are at that moment.
 */
import { notFound } from '../../http/errors.js';
import type { DomainRec, InstallRec } from '../../store/state.js';
import { reportComplete } from '../../store/transitions.js';
import type { DomainStatusEntry, DomainStatusReport } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { EDGE_A_RECORDS } from './domain-view.js';
import { findInstall } from './lookup.js';

const EDGE_AAAA = '2001:db8::10';
const NAMESERVERS = ['ns1.dns.example', 'ns2.dns.example'];

function hdr(name: string, rrtype: number): Record<string, unknown> {
  return { name: `${name}.`, rrtype, class: 1, ttl: 3600, rdlength: 0 };
}

function pendingEntry(d: DomainRec, install: InstallRec): DomainStatusEntry {
  return {
    name: d.name,
    cname: '',
    a_record: '',
    aaaa_record: '',
    complete: false,
    result: '',
    dns_provider: '',
    dns_error: false,
    install_name: install.name,
    cluster_id: '',
    http_forwarded: '',
    http_forwarded_list: '',
    http_error: false,
    headless_env_id: '',
    ns: [],
    mx: [],
    txt: [],
    soa: [],
    caa: [],
    ip: [],
    address: [],
    aname: [],
    ssl: {
      status: '',
      issuer: '',
      not_before: '',
      not_after: '',
      error: '',
      serial_number: '',
      dns_names: [],
      signature_algorithm: 0,
      subject: { common_name: '' },
      sans: [],
    },
  };
}

/** A verified domain points at the install and has a certificate; a pending one does neither yet. */
function completeEntry(d: DomainRec, install: InstallRec, now: number): DomainStatusEntry {
  const verified = d.ownership_status === 'TXT_VERIFIED';
  const day = 86_400_000;
  return {
    ...pendingEntry(d, install),
    cname: verified ? install.cname : '',
    a_record: verified ? EDGE_A_RECORDS[0]! : '198.51.100.7',
    aaaa_record: verified ? EDGE_AAAA : '',
    complete: true,
    result: verified ? 'domain points to the install' : 'domain does not point to the install yet',
    dns_provider: 'Example DNS',
    cluster_id: '100423',
    http_forwarded: verified ? install.cname : '',
    http_forwarded_list: verified ? install.cname : '',
    http_error: !verified,
    ns: NAMESERVERS.map((host) => ({ host })),
    mx: [{ Host: `mx.${d.name}.`, Pref: 10 }],
    txt: d.txt_verification_key ? [] : ['v=spf1 -all'],
    soa: [
      {
        hdr: hdr(d.name, 6),
        ns: `${NAMESERVERS[0]}.`,
        mbox: 'hostmaster.dns.example.',
        serial: 2026010101,
        refresh: 7200,
        retry: 3600,
        expire: 1209600,
        minttl: 300,
      },
    ],
    caa: [{ hdr: hdr(d.name, 257), flag: 0, tag: 'issue', value: 'ca.example' }],
    ip: verified ? [...EDGE_A_RECORDS] : ['198.51.100.7'],
    address: verified ? [...EDGE_A_RECORDS, EDGE_AAAA] : ['198.51.100.7'],
    aname: verified ? EDGE_A_RECORDS.map((a) => ({ hdr: hdr(d.name, 1), a })) : [],
    ssl: verified
      ? {
          status: 'active',
          issuer: 'Example Issuing CA',
          not_before: new Date(now - 30 * day).toISOString(),
          not_after: new Date(now + 60 * day).toISOString(),
          error: '',
          serial_number: d.id.replace(/-/g, '').slice(0, 32),
          dns_names: [d.name],
          signature_algorithm: 4,
          subject: { common_name: d.name },
          sans: [d.name],
        }
      : { ...pendingEntry(d, install).ssl, status: 'pending', error: 'no certificate: the domain is not verified' },
  };
}

export const getDomainStatusReport: Handler = (ctx) => {
  const install = findInstall(ctx);
  const reportId = ctx.params.report_id ?? '';
  const report = ctx.state.domainReports.find((r) => r.id === reportId && r.install_id === install.id);
  if (!report) throw notFound(`domain status report "${reportId}" of install "${install.name}"`);
  const now = ctx.clock.now();
  const complete = reportComplete(report, now);
  const domains = ctx.state.domains.filter((d) => d.install_id === install.id);
  const body: DomainStatusReport = {
    report: {
      complete,
      id: report.id,
      install_name: install.name,
      install_ip: EDGE_A_RECORDS[0]!,
      admin: false,
      domains: domains.map((d) => (complete ? completeEntry(d, install, now) : pendingEntry(d, install))),
    },
  };
  return { status: 200, body };
};
