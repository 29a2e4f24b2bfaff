/** `5.0 MiB`, `12.3 KiB`, `87 B`. */
export function bytes(count: number): string {
  if (count >= 1024 * 1024) return `${(count / 1024 / 1024).toFixed(1)} MiB`;
  if (count >= 1024) return `${(count / 1024).toFixed(1)} KiB`;
  return `${count} B`;
}

/** `351.8 KB` (1 KB = 1000 bytes, as the bundle tables of the docs count). */
export const kilobytes = (count: number): string => `${(count / 1000).toFixed(1)} KB`;

/** `1.2 s`, `340 ms`, `2 min 03 s`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `14:03:07.215`. */
export function clock(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Saves `content` as a file through a temporary object URL. */
export function download(content: Blob | string, name: string, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
