// Wording both sides print the same way: byte sizes in the CLI, diagnostics and the views.

/** Human-readable byte count ("1.5 MB"). */
export function formatBytes(n: number): string {
  if (n < 1024) return n === 1 ? "1 byte" : `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** "9,553": whole counts (tokens, characters, lines) grouped the same way in the CLI, diagnostics and the views. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${grouped}` : grouped;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** A date as people say it, relative to `now`: "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", else "12 Mar 2026". */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const diff = now.getTime() - date.getTime();
  if (!Number.isFinite(diff)) return "at an unknown time";
  if (diff < -MINUTE) return formatDate(date);
  if (diff < 45_000) return "just now";
  if (diff < HOUR) {
    const minutes = Math.max(1, Math.round(diff / MINUTE));
    return minutes === 60 ? "1 hour ago" : `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  }
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days === 0) {
    const hours = Math.floor(diff / HOUR);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return formatDate(date);
}

/** "12 Mar 2026": a calendar date that reads the same everywhere. */
export function formatDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "12 Mar 2026, 14:05": the exact moment, for a tooltip beside a relative time. */
export function formatDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${formatDate(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A date from an ISO string (or a Date), or null when it is not a real date. */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
}

/** One piece of a message: plain text, or a `code` span written with backticks. */
export interface TextPart {
  code: boolean;
  text: string;
}

/** Splits a message at its backtick code spans (`x` or ``x``), so views show code as code and no stray backticks. */
export function splitInlineCode(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const span = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
  let at = 0;
  for (let m = span.exec(text); m; m = span.exec(text)) {
    if (m.index > at) parts.push({ code: false, text: text.slice(at, m.index) });
    let inner = m[2]!;
    if (inner.length > 1 && inner.startsWith(" ") && inner.endsWith(" ") && inner.trim() !== "")
      inner = inner.slice(1, -1);
    parts.push({ code: true, text: inner });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ code: false, text: text.slice(at) });
  return parts;
}
