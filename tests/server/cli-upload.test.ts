import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClient, ApiFailure, inBothLanguages, type Api } from '../../cli/upload/api';
import { uploadFile } from '../../cli/upload/upload-file';
import { watchDirectory } from '../../cli/upload/watch';
import { localize } from '../../server/http/messages';
import { PART_SIZE, type UploadState } from '../../model/schemas/upload';
import { mcapBuffer, plannedMessages } from './recordings/helpers/mcap-files';
import { EXPECTED_BAG_TOPICS, plannedBagMessages, rosbagForTests, T0_SEC, writeBag } from './recordings/helpers/rosbag-files';
import { ROBOT, useUploaderServer } from './helpers/uploads';
import { useTestApp } from './helpers/test-app';

/** A robot uploads with an access key through the same resumable protocol, over real HTTP. */
const { t, api } = useTestApp();
const uploader = useUploaderServer(t, api);
const { dir } = uploader;

/** A recording of its own: `variant` changes its bytes (and so its MD5), about 12 MiB with `large`. */
async function recordingFile(name: string, variant: number, large = false): Promise<string> {
  const messages = plannedMessages().map((message, index) => ({
    ...message,
    size: (large && message.topic === '/imu' ? 60_000 : message.size) + (index === 0 ? variant : 0),
  }));
  const file = path.join(dir, name);
  writeFileSync(file, await mcapBuffer(messages, { useChunks: true }));
  return file;
}
const metadata = { ...ROBOT, uploadType: 'auto' };
const bagsNamed = async (bagName: string) => (await api.get('/data/bag/query', { token: await api.token('demo', 'rd'), query: { bagName } })).body.data.records;

/** `npm run upload` on `files` with this space's key, asynchronously: this process's own server and worker answer it. */
function runUploader(files: string[]): Promise<{ code: number | null; stdout: string }> {
  const args = [
    '--server',
    uploader.server,
    '--key',
    uploader.key,
    '--robot-sn',
    ROBOT.robotSn,
    '--robot-type',
    ROBOT.robotType,
    '--region',
    ROBOT.bagRegion,
    ...files,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/upload/main.ts', ...args], { cwd: path.resolve(import.meta.dirname, '../..') });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (exit) => resolve({ code: exit, stdout: out }));
  });
}

describe('the command-line uploader', () => {
  it('uploads with an access key, as its owner, marked automatic; the same file again is reported, not stored', async () => {
    const file = await recordingFile('cli-01.mcap', 1);
    const outcome = await uploadFile(apiClient(uploader.server, uploader.key), file, { metadata, pollMs: 50 });
    expect(outcome).toMatchObject({ status: 'SUCCESS' });
    expect(await bagsNamed('cli-01.mcap')).toMatchObject([{ uploadType: 'auto', createdBy: 'rd', robotSn: 'SN-UP-01' }]);
    expect(await uploadFile(apiClient(uploader.server, uploader.key), file, { metadata })).toEqual({
      file: 'cli-01.mcap',
      status: 'DUPLICATE',
      bagName: 'cli-01.mcap',
    });
  });

  it('resumes an interrupted upload, sending only the parts the server does not hold', async () => {
    const file = await recordingFile('cli-02.mcap', 2, true);
    const real = apiClient(uploader.server, uploader.key);
    const sent: number[] = [];
    const cut: Api = {
      call: real.call,
      putPart: async (query, bytes, md5) => {
        if (query.partNumber !== '1') throw new ApiFailure(403, { en_US: 'the connection dropped', zh_CN: '连接中断' }, null, 'PUT part');
        sent.push(1);
        return real.putPart(query, bytes, md5);
      },
    };
    await expect(uploadFile(cut, file, { metadata, parallel: 1 })).rejects.toThrow('the connection dropped');
    const counting: Api = { call: real.call, putPart: (query, bytes, md5) => (sent.push(Number(query.partNumber)), real.putPart(query, bytes, md5)) };
    expect(await uploadFile(counting, file, { metadata, pollMs: 50 })).toMatchObject({ status: 'SUCCESS' });
    expect(sent).toEqual([1, 2]); // 8 MiB parts: part 1 went up once, before the cut
  });

  it('run again on a file it had sent whole before it was stopped, follows that upload to its bag and sends nothing again', async () => {
    const file = await recordingFile('cli-08.mcap', 8);
    await uploader.worker!.stop(); // nothing is checked until the second run has started
    expect(await uploadFile(apiClient(uploader.server, uploader.key), file, { metadata, pollMs: 0 })).toMatchObject({ status: 'RECEIVED' });
    const real = apiClient(uploader.server, uploader.key);
    const sent: string[] = [];
    const watching: Api = {
      call: async <T>(method: 'GET' | 'POST', route: string, body?: object, query?: Record<string, string>) => {
        sent.push(route);
        const answer = await real.call<T>(method, route, body, query);
        if (route.endsWith('/upload/start')) uploader.check();
        return answer;
      },
      putPart: (query, bytes, md5) => (sent.push('part'), real.putPart(query, bytes, md5)),
    };
    expect(await uploadFile(watching, file, { metadata, pollMs: 50 })).toMatchObject({ status: 'SUCCESS' });
    expect(sent.filter((route) => route === 'part' || route.endsWith('/complete'))).toEqual([]);
    expect(await bagsNamed('cli-08.mcap')).toHaveLength(1);
  });

  it('continues an upload begun with another part size (by the console, say), hashing its parts as it sends them', async () => {
    const file = await recordingFile('cli-05.mcap', 5, true);
    const bytes = readFileSync(file);
    const real = apiClient(uploader.server, uploader.key);
    const begun = await real.call<UploadState>('POST', '/data/lake/upload/start', {
      fileName: 'cli-05.mcap',
      fileSize: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
      partSize: PART_SIZE.min,
      metadata,
    });
    const sent: number[] = [];
    const counting: Api = { call: real.call, putPart: (query, part, md5) => (sent.push(Number(query.partNumber)), real.putPart(query, part, md5)) };
    expect(await uploadFile(counting, file, { metadata, pollMs: 50 })).toMatchObject({ status: 'SUCCESS' });
    expect(begun.upload).toMatchObject({ partSize: PART_SIZE.min, partCount: 3 });
    expect(sent.sort()).toEqual([1, 2, 3]);
  });

  it('is refused with a disabled key', async () => {
    const admin = await api.token('demo', 'admin');
    const other = (await api.post('/console/access-key/create', { name: 'to disable' }, { token: await api.token('demo', 'rd') })).body.data;
    await api.post('/console/access-key/disable', { ids: [other.id] }, { token: admin });
    const disabled = `${other.extras.accessKey.accessKeyId}.${other.extras.accessKey.secret}`;
    await expect(uploadFile(apiClient(uploader.server, disabled), await recordingFile('cli-03.mcap', 3), { metadata })).rejects.toMatchObject({ status: 403 });
  });

  it('watches a directory and uploads each recording once it has stopped growing', async () => {
    const watched = mkdtempSync(path.join(dir, 'watched-'));
    const handed: string[] = [];
    const stop = new AbortController();
    const watching = watchDirectory(
      watched,
      async (file) => {
        handed.push(path.basename(file));
        await uploadFile(apiClient(uploader.server, uploader.key), file, { metadata, pollMs: 50 });
        stop.abort();
      },
      { intervalMs: 30, signal: stop.signal },
    );
    writeFileSync(path.join(watched, 'notes.txt'), 'not a recording');
    writeFileSync(
      path.join(watched, 'cli-04.mcap'),
      await mcapBuffer(
        plannedMessages().map((m, i) => ({ ...m, size: m.size + (i === 0 ? 4 : 0) })),
        {},
      ),
    );
    await watching;
    expect(handed).toEqual(['cli-04.mcap']);
    expect(await bagsNamed('cli-04.mcap')).toHaveLength(1);
  });

  it('runs as `npm run upload`, saying what it needs when options are missing', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'cli/upload/main.ts', ...args], { encoding: 'utf8', cwd: path.resolve(import.meta.dirname, '../..') });
    const missing = run(['some.mcap']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--robot-sn SN');
  });

  it('says in both languages why the server failed a recording, and exits 1', async () => {
    const whole = readFileSync(await recordingFile('cli-06.mcap', 6));
    const cut = path.join(dir, 'cli-06-cut.mcap');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const { code, stdout } = await runUploader([cut]);
    expect(stdout).toContain('cli-06-cut.mcap: failed: File parsing failed / 文件解析失败 (parse)');
    expect(code).toBe(1);
  }, 60_000);

  it('says in both languages why the server refused a file (not a recording, empty, named otherwise than its unfinished upload), and exits 1', async () => {
    const notes = path.join(dir, 'cli-notes.txt');
    const empty = path.join(dir, 'cli-empty.mcap');
    writeFileSync(notes, 'not a recording');
    writeFileSync(empty, '');
    // The same file begun under another name (by the console, say), and not finished.
    const renamed = await recordingFile('cli-07-renamed.mcap', 7);
    const bytes = readFileSync(renamed);
    const begun = await api.post(
      '/data/lake/upload/start',
      { fileName: 'cli-07.mcap', fileSize: bytes.length, md5: createHash('md5').update(bytes).digest('hex'), metadata: ROBOT },
      { token: await api.token('demo', 'rd') },
    );
    expect(begun.status).toBe(200);
    const { code, stdout } = await runUploader([notes, empty, renamed]);
    expect(stdout.trim().split('\n')).toEqual([
      `cli-notes.txt: refused: ${inBothLanguages(localize('lake:errors.extension'))}`,
      `cli-empty.mcap: refused: ${inBothLanguages(localize('lake:errors.empty'))}`,
      `cli-07-renamed.mcap: refused: ${inBothLanguages(localize('lake:errors.nameMismatch', { original: 'cli-07.mcap' }))}`,
    ]);
    expect(stdout).toContain('只能上传 .mcap 或 .bag 文件');
    expect(code).toBe(1);
  }, 60_000);
});

describe.skipIf(!rosbagForTests())('the command-line uploader and a ROS1 .bag', () => {
  it('uploads a bag rosbag wrote, which becomes a bag with its recorded span and topics', async () => {
    const file = path.join(dir, 'cli-robot-run.bag');
    writeBag(file, 'bz2', plannedBagMessages());
    expect(await uploadFile(apiClient(uploader.server, uploader.key), file, { metadata, pollMs: 50 })).toMatchObject({ status: 'SUCCESS' });
    const [bag] = await bagsNamed('cli-robot-run.bag');
    expect(bag).toMatchObject({ uploadType: 'auto', createdBy: 'rd', bagStatus: 'good' });
    expect(bag.bagStartTime).toBe(new Date(T0_SEC * 1000 + 123).toISOString());
    const topics = JSON.parse((await api.get('/data/bag/get', { token: await api.token('demo', 'rd'), query: { id: String(bag.id) } })).body.data.topics);
    expect(topics).toEqual(EXPECTED_BAG_TOPICS);
  });
});
