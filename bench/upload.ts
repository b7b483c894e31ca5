/**
 * `npm run bench:upload`: a 1 GiB .mcap made here, uploaded by the command-line
 * uploader through the real HTTP API on loopback to `npm start` on a fresh data directory.
 * Prints the upload's throughput against `cp` of the same file on the same disk, the server's
 * peak RSS growth meanwhile, the parse time of an indexed and of an unindexed file (with this
 * process's memory growth), and Chromium's MD5 throughput in a Web Worker: hash-wasm against
 * crypto-js. BENCH_UPLOAD_MIB sets the size (1024).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient } from '../cli/upload/api';
import { uploadFile } from '../cli/upload/upload-file';
import { fileByteSource, parseRecording } from '../server/recordings/parse-recording';
import { startServer } from '../tests/server/helpers/server-process';
import { apiSignIn, load1, PASSWORD } from './page/harness';
import { writeBigRecording } from './upload/big-recording';
import { browserMd5 } from './upload/browser-md5';
import { sampleRss } from './upload/rss';

const MIB = 1024 * 1024;
const SIZE_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
const rate = (bytes: number, ms: number) => `${((bytes / MIB) * (1000 / ms)).toFixed(0)} MiB/s`;
const timed = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
};

async function parseFigures(file: string) {
  const source = await fileByteSource(file);
  const memory = sampleRss(process.pid);
  try {
    const [summary, ms] = await timed(() => parseRecording(source, path.basename(file)));
    return { ms, topics: summary.topics.length, rssGrowth: memory.stop().growth };
  } finally {
    memory.stop();
    await source.close();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-upload-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edp-bench-upload-data-'));
  const server = await startServer({ DATA_DIR: dataDir, EDP_SEED_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
  try {
    const indexed = path.join(dir, 'bench-indexed.mcap');
    const unindexed = path.join(dir, 'bench-unindexed.mcap');
    console.log(`writing ${SIZE_MIB} MiB recordings (load ${load1()}) …`);
    await writeBigRecording(indexed, SIZE_MIB, true);
    await writeBigRecording(unindexed, SIZE_MIB, false);
    const size = statSync(indexed).size;
    const [, cpMs] = await timed(() => execFileSync('cp', [indexed, path.join(dir, 'copy.mcap')]));
    rmSync(path.join(dir, 'copy.mcap'));

    const parsedIndexed = await parseFigures(indexed);
    const parsedStreamed = await parseFigures(unindexed);

    const origin = `http://127.0.0.1:${server.port}`;
    const { sessionKey } = await apiSignIn(origin, 'demo', 'rd');
    const made = await fetch(`${origin}/api/v1/console/access-key/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sessionKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench uploader' }),
    }).then((response) => response.json());
    const { accessKeyId, secret } = made.data.extras.accessKey;
    const memory = sampleRss(server.child.pid!);
    let receivedMs = 0;
    const start = performance.now();
    const outcome = await uploadFile(apiClient(origin, `${accessKeyId}.${secret}`), indexed, {
      metadata: { robotSn: 'SN-BENCH', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'auto' },
      pollMs: 100,
      onProgress: ({ stage }) => {
        if (!receivedMs && ['waiting', 'parsing', 'completed'].includes(stage)) receivedMs = performance.now() - start;
      },
    });
    const bagMs = performance.now() - start;
    const server_ = memory.stop();
    if (outcome.status !== 'SUCCESS') throw new Error(`the upload ended ${JSON.stringify(outcome)}`);

    const md5 = await browserMd5(512, 64);
    const ratio = size / receivedMs / (size / cpMs);
    console.log(`\nrecording: ${(size / MIB).toFixed(0)} MiB, load ${load1()} (2 cores)`);
    console.log(`cp of the file:                         ${cpMs.toFixed(0)} ms (${rate(size, cpMs)})`);
    console.log(`CLI upload, MD5 + parts + complete:     ${receivedMs.toFixed(0)} ms (${rate(size, receivedMs)}), ${ratio.toFixed(2)} of cp (goal ≥ 0.7)`);
    console.log(`  … until its bag exists (check, parse): ${bagMs.toFixed(0)} ms`);
    console.log(
      `server peak RSS growth:                 ${(server_.growth / MIB).toFixed(0)} MiB (goal ≤ 150 MB; base ${(server_.base / MIB).toFixed(0)} MiB)`,
    );
    console.log(
      `parse, indexed:                         ${parsedIndexed.ms.toFixed(0)} ms (goal ≤ 2000), RSS growth ${(parsedIndexed.rssGrowth / MIB).toFixed(0)} MiB`,
    );
    console.log(`parse, unindexed (streamed):            ${parsedStreamed.ms.toFixed(0)} ms, RSS growth ${(parsedStreamed.rssGrowth / MIB).toFixed(0)} MiB`);
    console.log(`Chromium worker MD5, hash-wasm:         ${(md5.wasm / MIB).toFixed(0)} MiB/s = ${(md5.wasm / 1e6).toFixed(0)} MB/s (goal ≥ 500 MB/s)`);
    console.log(`Chromium worker MD5, crypto-js:         ${(md5.cryptoJs / MIB).toFixed(0)} MiB/s`);
  } finally {
    await server.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
