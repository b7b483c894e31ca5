import type { z } from 'zod';
import { clickDownload } from '../../components/schema/shared/save-file';
import type { downloadLinks } from '../../../../model/schemas/upload';
/** What the server gives for each bag (src/schemas/upload.ts; a type only, so no zod on the page). */
export type DownloadLink = z.infer<typeof downloadLinks>['links'][number];

/** Spec §9: several files are downloaded one a second, so the browser lets each one through. */
export const DOWNLOAD_GAP_MS = 1000;

const absolute = (url: string, origin: string) => new URL(url, origin).toString();
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A shell script that fetches each file with curl (wget where curl is missing), resuming a cut download. */
export function downloadScript(links: DownloadLink[], origin: string): string {
  const lines = links.map(({ url, fileName }) => `fetch_one ${quoted(fileName)} ${quoted(absolute(url, origin))}`);
  return [
    '#!/bin/sh',
    `# ${links.length} raw-data file(s); the links expire at ${links[0]?.expiresTime ?? ''}`,
    'set -e',
    'fetch_one() { if command -v curl >/dev/null; then curl -fL -C - -o "$1" "$2"; else wget -c -O "$1" "$2"; fi; }',
    ...lines,
    '',
  ].join('\n');
}

/** One link a line, as a download manager takes them. */
export const linkList = (links: DownloadLink[], origin: string) => links.map(({ url }) => absolute(url, origin)).join('\n') + '\n';

/** Starts each file's download in turn, DOWNLOAD_GAP_MS apart; resolves once the last has started. */
export async function downloadEach(
  links: DownloadLink[],
  start = (link: DownloadLink) => clickDownload(link.url, link.fileName),
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (const [index, link] of links.entries()) {
    if (index > 0) await wait(DOWNLOAD_GAP_MS);
    start(link);
  }
}
