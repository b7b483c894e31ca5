/**
 * How a run reports how far it got: a line `##edp:progress 42` (percent, 0-100, decimals allowed)
 * on stdout or stderr. The line stays in the log like any other.
 */
const PROGRESS = /^##edp:progress\s+(\d{1,3}(?:\.\d+)?)\s*$/;

/** The percent a line reports, rounded down and held to 0-100, or null when it is not a progress line. */
export function progressOf(text: string): number | null {
  const match = PROGRESS.exec(text);
  if (!match) return null;
  return Math.min(100, Math.max(0, Math.floor(Number(match[1]))));
}
