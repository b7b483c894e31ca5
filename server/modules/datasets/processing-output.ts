import type { Readable } from 'node:stream';
import { z } from 'zod';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { FILE_NAME, SEMVER } from '../../../model/schemas/limits';
import { processingRecord } from '../../../model/schemas/processing-record';
import { systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import { ApiError } from '../../http/api-error';
import type { ObjectStore } from '../../storage/object-store';

/** What a processing run hands back as a new version: its name and the members it chose (bags of the space, clipped or not). */
export const outputVersionPayload = z.object({
  version: z.string().regex(SEMVER, 'datasetVersion:rules.version').meta({ label: 'datasetVersion:fields.version' }),
  description: z.string().max(500, 'validation:maxLength').optional(),
  members: z
    .array(
      z.object({
        bagId: z.number().int().positive(),
        clipStart: z.number().int().min(0).nullish(),
        clipEnd: z.number().int().min(0).nullish(),
      }),
    )
    .min(1, 'validation:required')
    .max(100_000, 'validation:maxItems'),
});

/** A file name a run may store (spec §5's rule for model files), in a route's parameters. */
export const outputFileName = () => z.string().max(128, 'validation:maxLength').regex(FILE_NAME, 'modelCard:rules.fileName');

const recordOf = async (db: Db, id: number) =>
  (await loose(db).selectFrom(processingRecord.table).selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined;

/** Where a record's files live in the store. */
export const outputPrefix = (record: Record<string, unknown>) => `processing/${String(record.tenantId)}/${String(record.id)}/`;

/** A new version of the input's dataset, its parent the input, holding the members the run chose; the record names it. */
export async function publishOutput(records: RecordService, db: Db, recordId: number, body: z.infer<typeof outputVersionPayload>) {
  const record = await recordOf(db, recordId);
  if (!record) throw new ApiError(404, 'errors:notFound');
  const actor = systemActor(Number(record.tenantId));
  return records.transaction(async (service) => {
    const version = await service.create(actor, datasetVersion, {
      datasetId: Number(record.datasetId),
      version: body.version,
      description: body.description ?? '',
      parentId: Number(record.datasetVersionId),
      members: body.members,
      createdBy: String(record.createdBy),
    });
    await service.update(actor, processingRecord, { id: recordId, outputVersionId: version.id });
    return { id: Number(version.id), contentHash: String((version as Record<string, unknown>).contentHash) };
  });
}

/** One file the run stores under the record's prefix; the record lists it (a file stored again replaces it). */
export async function storeOutput(records: RecordService, db: Db, storage: ObjectStore, recordId: number, name: string, body: Readable) {
  const record = await recordOf(db, recordId);
  if (!record) throw new ApiError(404, 'errors:notFound');
  const prefix = outputPrefix(record);
  const stored = await storage.put(`${prefix}${name}`, body, { contentType: 'application/octet-stream' });
  const files = (JSON.parse(String(record.outputFiles || '[]')) as { name: string; size: number }[]).filter((file) => file.name !== name);
  files.push({ name, size: stored.size });
  await records.update(systemActor(Number(record.tenantId)), processingRecord, { id: recordId, outputPath: prefix, outputFiles: JSON.stringify(files) });
  return { name, size: stored.size };
}
