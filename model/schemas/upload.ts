import { z } from 'zod';
import { bag } from './bag';
import { REQUIRED, requiredText } from './fields';
import { fileUpload } from './file-upload';
import { recordSchema } from './engine/entity';
import { HEX32 } from './limits';

/** Spec §5: recordings only. */
export const UPLOAD_EXTENSIONS = ['.mcap', '.bag'] as const;
/** Parts as S3 takes them: every part but the last at least 5 MiB; the console and the CLI send 8 MiB. */
export const PART_SIZE = { min: 5 * 1024 * 1024, default: 8 * 1024 * 1024, max: 64 * 1024 * 1024 } as const;
export const MAX_PARTS = 10_000;
/** The part size asked for, grown (in whole MiB) where the file would otherwise need more than MAX_PARTS parts: the server's choice, which an uploader can foresee. */
export const partSizeFor = (fileSize: number, asked: number = PART_SIZE.default) => Math.max(asked, Math.ceil(fileSize / MAX_PARTS / 2 ** 20) * 2 ** 20);
/** An upload nobody continues for this long is abandoned: its parts are removed (server/modules/lake). */
export const UPLOAD_EXPIRES_HOURS = 24;
/** Spec §9: a download link is valid for 7 days. */
export const DOWNLOAD_LINK_DAYS = 7;

/** What an uploader tells of a recording; the rest of its bag record comes from the file itself. */
export const BAG_METADATA = [
  'robotSn',
  'robotType',
  'bagRegion',
  'uploadType',
  'sceneName',
  'sceneProjectName',
  'dcSubtaskName',
  'dcPlanId',
  'dcSubPlanId',
  'teleOperator',
  'teleType',
  'dcType',
  'robotPackageName',
  'robotPackageBranch',
  'robotPackageCommit',
  'robotHardwareVersion',
  'robotSoftwareVersion',
  'labelList',
] as const satisfies readonly (keyof typeof bag.fields)[];

export const bagMetadata = z.object(Object.fromEntries(BAG_METADATA.map((name) => [name, bag.fields[name].input]))) as z.ZodType<Record<string, unknown>>;

const hasExtension = (name: string) => UPLOAD_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/** Starts an upload, or continues the caller's unfinished one of the same file (same size and MD5). */
export const startUploadPayload = z.object({
  fileName: requiredText('fileUpload:fields.fileName', 255)
    .refine((name) => !/[/\\]/.test(name), 'lake:errors.extension')
    .refine(hasExtension, 'lake:errors.extension'),
  fileSize: z
    .number({ error: REQUIRED })
    .int('validation:invalidType')
    .min(1, 'lake:errors.empty')
    .max(PART_SIZE.max * MAX_PARTS, 'validation:max')
    .meta({ label: 'fileUpload:fields.fileSize' }),
  md5: z.string({ error: REQUIRED }).regex(HEX32, 'bag:rules.digest').meta({ label: 'fileUpload:fields.md5' }),
  partSize: z.number().int().min(PART_SIZE.min, 'validation:min').max(PART_SIZE.max, 'validation:max').optional().meta({ label: 'fileUpload:fields.partSize' }),
  metadata: bagMetadata,
});

export const uploadIdPayload = z.object({ uploadId: requiredText('fileUpload:fields.uploadId', 128) });
export const partQuery = uploadIdPayload.extend({
  partNumber: z.coerce.number().int().min(1, 'validation:min').max(MAX_PARTS, 'validation:max').meta({ label: 'fileUpload:fields.partCount' }),
});

/** An upload as its uploader follows it: the record, and the parts the server holds (what a resume skips). */
export const uploadState = z.object({
  upload: recordSchema(fileUpload),
  parts: z.array(z.object({ partNumber: z.number(), size: z.number() })),
});

export const downloadLink = z.object({ url: z.string(), fileName: z.string(), size: z.number(), expiresTime: z.string() });

const localized = z.object({ zh_CN: z.string(), en_US: z.string() });
/** How many equal slices of a recording's span a topic's `density` counts its messages in. */
export const DENSITY_BUCKETS = 120;
/** One topic of a parsed recording (server/recordings), as a bag's `topics` holds them. */
export interface TopicSummary {
  topic: string;
  /** The schema (MCAP) or connection type (bag), e.g. `sensor_msgs/Imu`; several, comma-separated, if the topic's channels differ. */
  messageType: string;
  /** The message encoding: MCAP's channel encoding (`ros1`, `cdr`, `json`, …); always `ros1` in a bag. */
  encoding: string;
  messageCount: number;
  /** (messageCount − 1) / (last − first log time of this topic, in seconds); 0 for fewer than two messages or a zero span. */
  frequencyHz: number;
  /** Its first and last message's time (ISO, to the millisecond): the topic's stretch of the recording's timeline; null without messages. */
  start: string | null;
  end: string | null;
  /**
   * Its messages counted in DENSITY_BUCKETS equal slices of the recording's span (start to end of the whole recording,
   * not of this topic), first slice first; they sum to messageCount. Absent from bags parsed before it was counted.
   */
  density?: number[];
}

/** Links of several bags (a bulk download or an exported command list): what could be given, and why the rest could not. */
export const downloadLinks = z.object({
  links: z.array(downloadLink.extend({ id: z.number() })),
  failures: z.array(z.object({ id: z.number(), fileName: z.string(), reason: localized })),
});

/** raw_data_meta.json: per selected bag, its record (no storage path) and its topics as parsed. */
export const rawDataMeta = z.object({
  generatedTime: z.string(),
  bags: z.array(z.record(z.string(), z.unknown())),
});
export type UploadState = z.infer<typeof uploadState>;
