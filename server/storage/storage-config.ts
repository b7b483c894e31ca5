import { S3Client } from '@aws-sdk/client-s3';
import path from 'node:path';
import { positiveInteger } from '../env-integer';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';

/**
 * Which object store the server uses, from the environment only (like server/config.ts):
 *   STORAGE=local (default)  files under DATA_DIR/objects
 *   STORAGE=s3               S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY required; S3_ENDPOINT for a
 *                            compatible server (absent: AWS); S3_REGION (us-east-1); S3_FORCE_PATH_STYLE 1/0
 *                            (default 1 with S3_ENDPOINT, as MinIO-like servers want, else 0);
 *                            S3_IDLE_TIMEOUT_MS (60000): a connection silent this long fails its request, as
 *                            one that cannot be made in 10 s does (an endpoint that takes calls and answers none
 *                            would otherwise hold them, and the person, for ever)
 */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      idleTimeoutMs: number;
    };

/** How long a connection to S3 may take to open. */
const CONNECT_TIMEOUT_MS = 10_000;

const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is required when STORAGE=s3`);
  return value;
};

export function readStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be "local" or "s3", got "${kind}"`);
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !URL.canParse(endpoint)) throw new Error(`S3_ENDPOINT must be a URL, got "${endpoint}"`);
  const pathStyle = env.S3_FORCE_PATH_STYLE || (endpoint ? '1' : '0');
  if (pathStyle !== '1' && pathStyle !== '0') throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, got "${pathStyle}"`);
  const idleTimeoutMs = positiveInteger('S3_IDLE_TIMEOUT_MS', env.S3_IDLE_TIMEOUT_MS, 60_000);
  return {
    kind,
    ...(endpoint ? { endpoint } : {}),
    region: env.S3_REGION || 'us-east-1',
    bucket: required(env, 'S3_BUCKET'),
    accessKeyId: required(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: pathStyle === '1',
    idleTimeoutMs,
  };
}

/**
 * The SDK's client for S3 and compatible servers. Checksums only where S3 demands them: since SDK 3.729 the default
 * sends streamed bodies aws-chunked with a trailing CRC32, which many compatible servers store verbatim or refuse.
 */
export function s3Client(config: Extract<StorageConfig, { kind: 's3' }>): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: config.idleTimeoutMs },
  });
}

/** `signingSecret` keys the local store's signed URLs (S3 signs with its own credentials). */
export function openObjectStore(env: NodeJS.ProcessEnv, dataDir: string, signingSecret: string | Buffer): ObjectStore {
  const config = readStorageConfig(env);
  if (config.kind === 's3') return new S3Store({ client: s3Client(config), bucket: config.bucket });
  if (signingSecret.length === 0) throw new Error('The local object store needs a secret to sign URLs with');
  return new LocalDiskStore({ root: path.join(dataDir, 'objects'), signingSecret });
}
