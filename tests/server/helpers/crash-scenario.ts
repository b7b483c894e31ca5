import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/connect';
import { mcapBuffer, plannedMessages } from '../recordings/helpers/mcap-files';
import { crashClient, CRASH_PASSWORD, labelWriters } from './crash-client';
import { startServer, type ServerProcess } from './server-process';

const ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** About 12 MiB: three parts of 5 MiB. */
const recording = () =>
  mcapBuffer(
    plannedMessages().map((message) => ({ ...message, size: message.topic === '/imu' ? 60_000 : message.size })),
    { useChunks: true },
  );

/**
 * A server killed outright (SIGKILL) at a random moment, three times, while people write, a recording
 * uploads and a run goes on; each time started again on the same data. Every write it acknowledged is
 * there, the upload resumes from the parts it holds and lands once, the run is ended with its reason,
 * the ingest job claimed at the last kill is taken again, and the server serves again (the time printed).
 */
export async function killedAndRestarted(env: Record<string, string>, running: ServerProcess[], openDatabase: () => Promise<Database>) {
  const settings = { ...env, EDP_SEED_PASSWORD: CRASH_PASSWORD, EDP_RUNNER_POLL_MS: '200', EDP_JOBS_POLL_MS: '500', EDP_JOBS_LEASE_MS: '6000' };
  let server = await startServer(settings);
  running.push(server);
  let client = await crashClient(server.base);
  const bytes = await recording();
  const fileName = `crash-${Date.now()}.mcap`;
  const { uploadId, partCount } = await client.startUpload(fileName, bytes);
  expect(partCount).toBe(ROUNDS);
  const run = await client.runTask('act-train-cloth-folding');
  await expect.poll(async () => (await client.instance(run)).status, { timeout: 30_000 }).toBe('running');

  const acknowledged: string[] = [];
  const killed: number[] = [];
  const acceptedParts: number[] = [];
  const serving: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const writers = labelWriters(client, `crash-${round}-`, 4);
    // Mid-upload: this round's part is on its way when the kill may come; the last round completes and the kill finds its ingest job.
    const upload = (async () => {
      const status = await client.sendPart(uploadId, round, bytes);
      if (status === 200) acceptedParts.push(round);
      if (round === ROUNDS && status === 200 && acceptedParts.length === ROUNDS) await client.complete(uploadId).catch(() => null);
    })();
    const delay = 300 + Math.floor(Math.random() * 1500);
    await sleep(delay);
    killed.push(server.child.pid!);
    expect(await server.stop('SIGKILL')).toBeNull();
    await Promise.all([writers.done, upload]);
    expect(writers.refused).toEqual([]);
    acknowledged.push(...writers.acknowledged);
    console.log(`round ${round}: SIGKILL after ${delay} ms, ${writers.acknowledged.length} writes acknowledged, parts accepted: ${acceptedParts.join(' ')}`);

    const started = Date.now();
    server = await startServer(settings);
    running.push(server);
    expect(server.child.exitCode, server.output()).toBeNull(); // the killed process's data directory lock was taken over
    client = await crashClient(server.base);
    serving.push(Date.now() - started);

    const names = await client.labelNames('crash-');
    for (const name of acknowledged) expect(names.has(name), name).toBe(true);
    if (round === 1) {
      await expect.poll(async () => (await client.instance(run)).status, { timeout: 30_000 }).toBe('failed');
      expect((await client.instance(run)).failure).toBe('restart');
    }
    // Resumed: the same upload with the parts it took (once completed, the same upload being checked, or landed and refused as a duplicate).
    const resumed = await client.startUpload(fileName, bytes).catch(() => null);
    if (resumed) expect(resumed.uploadId).toBe(uploadId);
    if (resumed?.stage === 'uploading') for (const part of acceptedParts) expect(resumed.held, JSON.stringify(resumed)).toContain(part);
  }
  console.log(`serving again after a SIGKILL, from the new process's spawn: ${serving.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);

  // The rest of the upload, as the uploader resumes it: only the parts not held, then complete (again, if it was).
  const resumed = await client.startUpload(fileName, bytes).catch(() => null);
  if (resumed?.stage === 'uploading') {
    expect(resumed.uploadId).toBe(uploadId);
    for (let part = 1; part <= ROUNDS; part++) if (!resumed.held.includes(part)) expect(await client.sendPart(uploadId, part, bytes)).toBe(200);
    expect((await client.complete(uploadId)).status).toBe(200);
  }
  await expect.poll(async () => (await client.bags(fileName)).length, { timeout: 60_000 }).toBe(1);
  await sleep(1000);
  expect(await client.bags(fileName)).toHaveLength(1); // landed once

  expect(await server.stop('SIGTERM')).toBe(0);
  const database = await openDatabase();
  try {
    // Nothing a killed server had claimed is left with it (a job the last, stopped one was still on may be).
    const claimed = await sql<{ lockedBy: string }>`select locked_by from jobs where state = 'running'`.execute(database.db);
    expect(claimed.rows.filter((job) => killed.includes(Number(job.lockedBy.split(':')[1])))).toEqual([]);
    const uploads = await sql<{ status: string }>`select status from file_uploads where upload_id = ${uploadId}`.execute(database.db);
    expect(uploads.rows).toEqual([{ status: 'SUCCESS' }]);
  } finally {
    await database.close();
  }
}
