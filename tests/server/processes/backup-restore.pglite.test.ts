import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../helpers/http-client';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { SEED_PASSWORD } from '../helpers/test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
/** `npm run <script> -- args` as an operator types it (tsx straight, as the script does). */
const npmRun = (script: 'cli/backup/main.ts' | 'cli/backup/restore.ts', args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });

const temp = (name: string) => mkdtempSync(path.join(tmpdir(), `edp-${name}-`));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
});

describe('npm run backup and npm run restore', () => {
  it('snapshot a running server under writes, and a server started on the restored directory has every write acknowledged before it', async () => {
    const dataDir = temp('data');
    const backups = temp('backups');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backups, EDP_SEED_PASSWORD: SEED_PASSWORD };
    const server = await startServer(env);
    running.push(server);
    const client = httpClient(server.base);
    const signIn = async (space: string, code: string) =>
      (await client.signInWith(await client.nonce(), space, code, SEED_PASSWORD)).body.data.sessionKey as string;
    const admin = await signIn('demo', 'admin');
    const platform = await signIn('platform', 'admin');
    const key = (await client.call('POST', '/console/access-key/create', { token: platform, body: { name: 'backups' } })).body.data.extras.accessKey;

    // A person keeps writing while the snapshot is taken.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const name = `backup-${n}`;
        const reply = await client.call('POST', '/console/label/create', { token: admin, body: { name, labelType: 'scene', description: '' } });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        acknowledged.push(name);
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 50));
    const before = [...acknowledged];
    // Without the server's help the data directory is refused: the running server holds it.
    await expect(npmRun('cli/backup/main.ts', [], env)).rejects.toMatchObject({ stderr: expect.stringContaining('ask it with --server and --key') });
    const { stdout } = await npmRun('cli/backup/main.ts', ['--server', `http://127.0.0.1:${server.port}`, '--key', `${key.accessKeyId}.${key.secret}`], env);
    writing = false;
    await writer;
    const snapshot = /snapshot taken: (\S+)/.exec(stdout)![1]!;
    expect(path.dirname(snapshot)).toBe(backups);
    const manifest = JSON.parse(readFileSync(path.join(snapshot, 'manifest.json'), 'utf8')) as { database: { size: number } };
    expect(manifest.database.size).toBeGreaterThan(0);
    expect(await server.stop('SIGKILL')).toBeNull();

    // Restored into an empty directory, and served.
    const restoredDir = temp('restored');
    await npmRun('cli/backup/restore.ts', [snapshot, '--data-dir', restoredDir], {});
    await expect(npmRun('cli/backup/restore.ts', [snapshot, '--data-dir', restoredDir], {})).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty'),
    });
    const restored = await startServer({ ...env, DATA_DIR: restoredDir, BACKUP_DIR: temp('more-backups') });
    running.push(restored);
    const again = httpClient(restored.base);
    const token = (await again.signInWith(await again.nonce(), 'demo', 'admin', SEED_PASSWORD)).body.data.sessionKey as string;
    const labels = (await again.call('GET', '/console/label/query?pageSize=-1', { token })).body.data.records as { name: string }[];
    const names = new Set(labels.map((label) => label.name).filter((name) => name.startsWith('backup-')));
    for (const name of before) expect(names.has(name), name).toBe(true);
    // A consistent point: the writes it holds are a prefix of the ones made, none missing in between.
    expect([...names].sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)))).toEqual(acknowledged.slice(0, names.size));
    expect((await again.call('GET', '/data/bag/query', { token })).body.data.total).toBe(400);
    expect(readdirSync(backups)).toHaveLength(1);
  }, 240_000);
});
