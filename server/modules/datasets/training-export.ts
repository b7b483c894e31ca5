import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { leRobotMapping, type LeRobotMapping } from '../../../model/schemas/lerobot-mapping';
import { trainingData } from '../../../model/schemas/training-data';
import { trainingMapping } from '../../../model/schemas/training-mapping';
import type { AppContext } from '../../context';
import { actorTenant, systemActor } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { enqueue } from '../../jobs/enqueue';
import type { JobHandler } from '../../jobs/worker';
import { archiveDirectory, exportLeRobot, LeRobotExportError, type LeRobotEpisodeInput } from '../../lerobot/export-lerobot';
import { storedInfo } from '../../storage/object-store';
import { storedByteSource } from '../lake/stored-object';
import { versionMembers } from './manifest';

export const EXPORT_JOB = 'datasets.export-lerobot';

/** Progress is written at most this often: a record update per percent would be one per few hundred frames. */
const PROGRESS_MS = 1000;

/** Where a training set's archive lives in the store. */
export const archiveKey = (record: Values) => `training-data/${String(record.tenantId)}/${String(record.id)}/${String(record.name)}.tar`;

/** The mapping of a version's robot type (the type most of its members were recorded on), or the space's only mapping. */
async function defaultMapping(db: HookContext['db'], tenantId: number, versionId: number): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select m.id from training_mappings m join (
      select robot_type, count(*) as n from version_members where version_id = ${versionId} group by robot_type
    ) t on t.robot_type = m.robot_type
    where m.tenant_id = ${tenantId} order by t.n desc limit 1`.execute(db);
  if (rows[0]) return Number(rows[0].id);
  const only = await sql<{ id: number }>`select id from training_mappings where tenant_id = ${tenantId} limit 2`.execute(db);
  return only.rows.length === 1 ? Number(only.rows[0]!.id) : null;
}

/**
 * A training set names a version; its dataset follows, and its mapping is the one given or the one of
 * the members' robot type (none: 400, before anything is queued). Created, or started again after a
 * failure, it queues the export; its state and figures are the job's alone.
 */
export const trainingDataHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const tenantId = Number(actorTenant(context.actor));
    const version = (await loose(context.db)
      .selectFrom(datasetVersion.table)
      .select(['id', 'datasetId'])
      .where('id', '=', Number(input.datasetVersionId))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()) as { id: number; datasetId: number } | undefined;
    if (!version) return;
    const mappingId = input.mappingId ? Number(input.mappingId) : await defaultMapping(context.db, tenantId, Number(version.id));
    if (!mappingId) throw new ApiError(400, 'trainingData:errors.noMapping', {}, { field: 'mappingId' });
    return { datasetId: Number(version.datasetId), mappingId };
  },
  afterCreate: async (context, record) => {
    await enqueue(context.db, EXPORT_JOB, { id: Number(record.id) }, { now: context.now, maxAttempts: 3 });
  },
  beforeTransition: (_context, action) => (action === 'start' ? { progress: 0, failure: '', episodeCount: 0, frameCount: 0, sizeBytes: 0 } : undefined),
  afterTransition: async (context, action, before) => {
    if (action !== 'start') return;
    for (const row of before) await enqueue(context.db, EXPORT_JOB, { id: Number(row.id) }, { now: context.now, maxAttempts: 3 });
  },
};

/** The version's members as LeRobot episodes: each recording (or its clip) read from the store, its task the collection task. */
async function episodesOf(context: AppContext, versionId: number): Promise<LeRobotEpisodeInput[]> {
  const episodes: LeRobotEpisodeInput[] = [];
  for await (const batch of versionMembers(context.db, versionId))
    for (const member of batch) {
      const key = String(member.objectPath ?? '');
      if (!key || !(await storedInfo(context.storage, key))) throw new LeRobotExportError(`${String(member.bagName)} has no stored recording`);
      const fileName = /\.(mcap|bag)$/i.test(key) ? path.basename(key) : String(member.bagName);
      const recording = (await loose(context.db).selectFrom(bag.table).select(['sceneName']).where('id', '=', member.bagId).executeTakeFirst()) as
        { sceneName?: string } | undefined;
      episodes.push({
        fileName,
        open: async () => storedByteSource(context.storage, key, member.sizeBytes),
        ...(member.clipStart !== null || member.clipEnd !== null
          ? { clip: { ...(member.clipStart !== null ? { start: member.clipStart } : {}), ...(member.clipEnd !== null ? { end: member.clipEnd } : {}) } }
          : {}),
        ...(recording?.sceneName ? { task: recording.sceneName } : {}),
      });
    }
  return episodes;
}

/**
 * The export: the version's recordings through the mapping into a LeRobot v3 directory (in bounded
 * memory, progress written as it goes), archived as one .tar into the store, the record filled in. A
 * recording the mapping does not fit fails the record with the reason, and nothing is stored.
 */
export function exportJob(context: AppContext): JobHandler {
  return async ({ id }: { id: number }, job) => {
    const record = (await loose(context.db).selectFrom(trainingData.table).selectAll().where('id', '=', id).executeTakeFirst()) as Values | undefined;
    if (!record) return;
    const actor = systemActor(Number(record.tenantId));
    const update = (values: Values) => context.records.update(actor, trainingData, { id, ...values });
    if (record.status === 'success') return; // a job queued twice
    if (record.status === 'pending') await context.records.transition(actor, trainingData, 'start', [id]);
    // Beside the data, not in the system's temporary directory: an export is as large as its recordings' frames.
    const scratch = path.join(context.config.dataDir, 'tmp');
    await mkdir(scratch, { recursive: true });
    const workDir = await mkdtemp(path.join(scratch, 'lerobot-'));
    try {
      const mappingRow = (await loose(context.db)
        .selectFrom(trainingMapping.table)
        .selectAll()
        .where('id', '=', Number(record.mappingId))
        .executeTakeFirst()) as Values | undefined;
      if (!mappingRow) throw new LeRobotExportError('The mapping this training set names no longer exists');
      const mapping = leRobotMapping.parse(JSON.parse(String(mappingRow.mapping))) as LeRobotMapping;
      let written = 0;
      const totals = await exportLeRobot({
        episodes: await episodesOf(context, Number(record.datasetVersionId)),
        mapping,
        outputDir: path.join(workDir, 'dataset'),
        robotType: String(mappingRow.robotType),
        signal: job.signal,
        onProgress: ({ framesDone, framesExpected }) => {
          if (Date.now() - written < PROGRESS_MS) return;
          written = Date.now();
          void update({ progress: Math.min(99, Math.floor((framesDone / Math.max(1, framesExpected)) * 100)) }).catch(() => undefined);
        },
      });
      const key = archiveKey(record);
      const stored = await context.storage.put(key, archiveDirectory(path.join(workDir, 'dataset')), { contentType: 'application/x-tar' });
      await update({ status: 'success', progress: 100, episodeCount: totals.episodes, frameCount: totals.frames, sizeBytes: stored.size, storagePath: key });
    } catch (error) {
      // The store or the database failing: the job tries again, and the record fails with the last try.
      const lastTry = job.job.attempts >= job.job.maxAttempts;
      if (!(error instanceof LeRobotExportError) && !(error instanceof SyntaxError) && !lastTry) throw error;
      await update({ status: 'failed', failure: (error instanceof Error ? error.message : String(error)).slice(0, 1000) });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
