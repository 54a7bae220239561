/** How sizes and durations read in logs, messages and the summary: one way everywhere. */
/** `512 B`, `1.4 MiB`. */
export declare function formatBytes(bytes: number): string;
/**
 * 1800000 → `30m`, 5400000 → `1h30m`, 90000 → `1m30s` (the timeout input's own syntax);
 * under 10 s a fraction shows: 4500 → `4.5s`.
 */
export declare function formatDuration(ms: number): string;
/** `1.4 MiB (1,468,006 bytes)`: the rounded size to read, the exact one to compare. */
export declare function formatBytesExact(bytes: number): string;
/** `1,468,006` */
export declare function groupDigits(n: number): string;
