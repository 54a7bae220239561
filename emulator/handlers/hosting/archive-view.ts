/**
 * Archive records as the API shows them. Transition times are the scheduled times the archive
 * passed (an archive seeded already in a state, without a schedule, uses its create_time), and
 * each is present only in the states the spec gives it.
 */
import type { ArchiveRec } from '../../store/state.js';
import type { Archive } from '../../types/hosting.js';

const iso = (ms: number) => new Date(ms).toISOString();

function startTime(a: ArchiveRec): string | null {
  if (a.state === 'requested') return null;
  if (a.state === 'aborted') {
    // Aborted before it started: it never had a start time.
    const started = a.start_at !== null && (a.abort_at === null || a.start_at < a.abort_at);
    return started ? iso(a.start_at!) : null;
  }
  return a.start_at !== null ? iso(a.start_at) : a.create_time;
}

export function archiveView(a: ArchiveRec, installName: string): Archive {
  const completed = a.state === 'completed';
  const aborted = a.state === 'aborted';
  return {
    id: a.id,
    backup: { id: a.backup_id },
    notification_emails: [...a.notification_emails],
    state: a.state,
    create_time: a.create_time,
    start_time: startTime(a),
    complete_time: completed ? (a.complete_at !== null ? iso(a.complete_at) : a.create_time) : null,
    abort_time: aborted ? (a.abort_at !== null ? iso(a.abort_at) : a.create_time) : null,
    download_uri: completed ? `https://downloads.hosting.example/archives/${installName}/${a.id}.zip` : null,
  };
}
