import { describe, expect, it } from 'vitest';
import { snapshotSource } from '../../server/backup/snapshot-source';
import { localize } from '../../server/http/messages';
import type { ObjectStore } from '../../server/storage/object-store';
import { useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

describe('what the server snapshots itself', () => {
  it('is the embedded database with objects on local disk; on PostgreSQL or S3 nothing', () => {
    const source = snapshotSource(t.database, t.storage);
    if (t.database.kind === 'pglite') expect(source).toMatchObject({ objectsRoot: expect.any(String) });
    else expect(source).toBeUndefined();
    const elsewhere = { ...t.storage } as ObjectStore; // any store but the local disk's, as S3 is
    expect(snapshotSource(t.database, elsewhere)).toBeUndefined();
  });

  it("is not pretended where the server has no snapshot source: the platform's administrator is told to use pg_dump and bucket versioning", async () => {
    const reply = await api.post('/console/system/backup', {}, { token: await api.token('platform', 'admin') });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toEqual(localize('errors:backupUnavailable'));
    expect(reply.body.message.en_US).toContain('pg_dump');
    expect((await api.post('/console/system/backup', {}, { token: await api.token('demo', 'admin') })).status).toBe(403);
  });
});
