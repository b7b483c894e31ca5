import { z } from 'zod';
import { platformAdmin } from '../../../model/access/rules';
import { envelope } from '../../../model/schemas/envelope';
import type { ApiApp } from '../../context';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import type { Snapshotter } from './backup-job';

/** A snapshot taken now, by the platform's administrator (what `npm run backup` calls on a running server). */
export function backupRoutes(app: ApiApp, snapshots: Snapshotter | null): void {
  app.post('/console/system/backup', {
    config: { access: platformAdmin },
    schema: {
      tags: ['backup'],
      summary: 'Takes a snapshot of the embedded database and the local objects now',
      description:
        'Into BACKUP_DIR on the server, a directory per snapshot with a manifest of every file’s size and SHA-256; the oldest beyond BACKUP_KEEP are removed. 409 when the server runs on PostgreSQL or S3: back those up with pg_dump and bucket versioning.',
      response: { 200: envelope(z.object({ dir: z.string(), takenTime: z.string(), objects: z.number(), bytes: z.number() })) },
    },
    handler: async () => {
      if (!snapshots) throw new ApiError(409, 'errors:backupUnavailable');
      const { dir, manifest } = await snapshots.now();
      const files = [manifest.database, ...manifest.objects];
      return ok({ dir, takenTime: manifest.takenTime, objects: manifest.objects.length, bytes: files.reduce((sum, file) => sum + file.size, 0) });
    },
  });
}
