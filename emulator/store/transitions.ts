/**
 * Time-driven states of hosting records, moved lazily: nothing runs in the background; a handler
 * that is about to show a record first brings it up to the emulator clock's now. So `POST /__emulator/clock`
 * makes a pending install active or an archive complete on the next read, and a frozen clock
 * leaves the state exactly as it was.
 */
import type { ArchiveRec, DomainReportRec, InstallRec, SiteTransferRec } from './state.js';

const due = (at: number | null, now: number): at is number => at !== null && at <= now;

/** pending → active at active_at. */
export function advanceInstall(install: InstallRec, now: number): void {
  if (install.status === 'pending' && due(install.active_at, now)) {
    install.status = 'active';
    install.active_at = null;
  }
}

/**
 * requested → in_progress at start_at → completed at complete_at, or → aborted at abort_at
 * (from requested or in_progress), whichever of the scheduled events comes first.
 */
export function advanceArchive(archive: ArchiveRec, now: number): void {
  for (;;) {
    const abortFirst = (other: number | null) =>
      due(archive.abort_at, now) && (other === null || archive.abort_at! <= other);
    if (archive.state === 'requested') {
      if (abortFirst(archive.start_at)) archive.state = 'aborted';
      else if (due(archive.start_at, now)) archive.state = 'in_progress';
      else return;
    } else if (archive.state === 'in_progress') {
      if (abortFirst(archive.complete_at)) archive.state = 'aborted';
      else if (due(archive.complete_at, now)) archive.state = 'completed';
      else return;
    } else {
      return;
    }
  }
}

/** pending/scheduled → in_progress at start_at → outcome at finish_at; updated_at is the transition time. */
export function advanceSiteTransfer(transfer: SiteTransferRec, now: number): void {
  const iso = (ms: number) => new Date(ms).toISOString();
  if ((transfer.status === 'pending' || transfer.status === 'scheduled') && due(transfer.start_at, now)) {
    transfer.status = 'in_progress';
    transfer.updated_at = iso(transfer.start_at);
    transfer.start_at = null;
  }
  if (transfer.status === 'in_progress' && due(transfer.finish_at, now)) {
    transfer.status = transfer.outcome;
    transfer.updated_at = iso(transfer.finish_at);
    transfer.finish_at = null;
  }
}

/** A domain status report is complete from complete_at on. */
export const reportComplete = (report: DomainReportRec, now: number): boolean => report.complete_at <= now;
