import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { readStorageConfig, s3Client } from '../../../server/storage/storage-config';
import { S3Store } from '../../../server/storage/s3-store';
import { cuttableLink, type CuttableLink } from './cuttable-link';

/**
 * s3rver (a fake S3 from npm) on a loopback port with one bucket, and an S3 store configured as production would be.
 * With `link`, the store reaches it through a link the test can cut (the endpoint down) and mend.
 */
export async function startS3rver(
  bucket: string,
  { link: withLink = false, idleTimeoutMs }: { link?: boolean; idleTimeoutMs?: number } = {},
): Promise<{ store: S3Store; link?: CuttableLink; close: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'edp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const link = withLink ? await cuttableLink(port) : undefined;
  // The same client settings as production (storage-config.ts), with s3rver's fixed credentials.
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${link?.port ?? port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...(idleTimeoutMs ? { S3_IDLE_TIMEOUT_MS: String(idleTimeoutMs) } : {}),
  };
  const config = readStorageConfig(env);
  if (config.kind !== 's3') throw new Error('expected an s3 configuration');
  const client = s3Client(config);
  return {
    store: new S3Store({ client, bucket }),
    ...(link ? { link } : {}),
    close: async () => {
      client.destroy();
      await link?.cut();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
