import { describe, expect, it } from 'vitest';
import { DOWNLOAD_GAP_MS, downloadEach, downloadScript, linkList, type DownloadLink } from '../../../../../src/screens/pages/raw-data/download-files';

const links: DownloadLink[] = [
  { id: 1, url: '/api/v1/objects/raw-data/1/a.mcap?expires=1&sig=x', fileName: 'a.mcap', size: 10, expiresTime: '2026-11-30T00:00:00.000Z' },
  { id: 2, url: 'https://s3.local/bucket/b.bag?X-Amz-Signature=y', fileName: "robot's b.bag", size: 20, expiresTime: '2026-11-30T00:00:00.000Z' },
];

describe('exported downloads', () => {
  it('writes a script that fetches each file by its absolute link, names quoted for the shell', () => {
    const script = downloadScript(links, 'http://edp.local:8080');
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toContain(`fetch_one 'a.mcap' 'http://edp.local:8080/api/v1/objects/raw-data/1/a.mcap?expires=1&sig=x'`);
    expect(script).toContain(`fetch_one 'robot'\\''s b.bag' 'https://s3.local/bucket/b.bag?X-Amz-Signature=y'`);
    expect(script).toContain('curl -fL -C -');
  });

  it('lists one absolute link a line', () => {
    expect(linkList(links, 'http://edp.local:8080').split('\n')).toEqual([
      'http://edp.local:8080/api/v1/objects/raw-data/1/a.mcap?expires=1&sig=x',
      'https://s3.local/bucket/b.bag?X-Amz-Signature=y',
      '',
    ]);
  });

  it('starts several downloads one second apart (spec §9)', async () => {
    const events: string[] = [];
    await downloadEach(
      links,
      (link) => void events.push(`start ${link.fileName}`),
      async (ms) => void events.push(`wait ${ms}`),
    );
    expect(events).toEqual(['start a.mcap', `wait ${DOWNLOAD_GAP_MS}`, "start robot's b.bag"]);
  });
});
