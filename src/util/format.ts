/** How sizes and durations read in logs, messages and the summary: one way everywhere. */

/** `512 B`, `1.4 MiB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * 1800000 → `30m`, 5400000 → `1h30m`, 90000 → `1m30s` (the timeout input's own syntax);
 * under 10 s a fraction shows: 4500 → `4.5s`.
 */
export function formatDuration(ms: number): string {
  if (ms < 10_000 && ms % 1000 !== 0) return `${Math.round(ms / 100) / 10}s`;
  const total = Math.round(ms / 1000);
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'm'],
    [total % 60, 's'],
  ];
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, unit]) => `${n}${unit}`)
      .join('') || '0s'
  );
}

/** `1.4 MiB (1,468,006 bytes)`: the rounded size to read, the exact one to compare. */
export function formatBytesExact(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${formatBytes(bytes)} (${groupDigits(bytes)} bytes)`;
}

/** `1,468,006` */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
