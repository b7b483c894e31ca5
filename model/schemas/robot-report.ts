import { z } from 'zod';

/** How often a robot is asked to report (its answer says so), and after how many missed reports it is offline. */
export const HEARTBEAT_INTERVAL_SECONDS = 5;
export const OFFLINE_AFTER_MISSED = 3;
/** How often the alarm engine looks, once across all server processes. */
export const EVALUATE_EVERY_SECONDS = 5;
/** The window of a rule that gives no time range (a frame-rate rule alone). */
export const DEFAULT_RULE_WINDOW_SECONDS = 10;
/**
 * A rate counts as low below the threshold less this share, and as recovered only at the threshold
 * itself: a rate that wavers around the threshold neither fires nor resolves an alarm by wavering.
 */
export const RATE_TOLERANCE = 0.1;
/** How often a compile server is asked to report, and it too is offline after OFFLINE_AFTER_MISSED silent intervals. */
export const COMPILE_REPORT_INTERVAL_SECONDS = 30;
/** How long per-minute heartbeat figures are kept unless the server is told otherwise (ROBOT_HEARTBEAT_RETENTION_DAYS). */
export const HEARTBEAT_RETENTION_DAYS = 30;

const topicName = z
  .string({ error: 'validation:invalidType' })
  .max(255, 'validation:maxLength')
  .regex(/^\/[A-Za-z0-9_/]*$/, 'alarmRule:rules.topic');
const configName = z.string({ error: 'validation:invalidType' }).min(1, 'validation:required').max(100, 'validation:maxLength');
const version = z.number({ error: 'validation:invalidType' }).int('validation:invalidType').min(1, 'validation:min').max(1e9, 'validation:max');
const moment = z.iso.datetime({ offset: true, error: 'validation:datetime' });
const short = (max: number) => z.string({ error: 'validation:invalidType' }).max(max, 'validation:maxLength');

/** What the robot says became of a configuration version it was given. */
export const CONFIG_ANSWERS = ['applied', 'restartNeeded', 'rejected', 'failed'] as const;

/** A robot's heartbeat: who it is, how it runs, what each topic did since the last one, and where its configurations stand. */
export const heartbeatPayload = z.object({
  sn: z.string({ error: 'validation:invalidType' }).min(1, 'validation:required').max(64, 'validation:maxLength'),
  softwareVersion: short(64).optional(),
  hardwareVersion: short(64).optional(),
  uptimeSeconds: z.number({ error: 'validation:invalidType' }).int('validation:invalidType').min(0, 'validation:min').max(1e10, 'validation:max').optional(),
  topics: z
    .array(
      z.object({
        name: topicName,
        /** Messages since the last heartbeat; the rate is worked out from them when not given. */
        messages: z.number({ error: 'validation:invalidType' }).int('validation:invalidType').min(0, 'validation:min').max(1e9, 'validation:max').optional(),
        /** Messages a second, as the robot measured them. */
        rate: z.number({ error: 'validation:invalidType' }).min(0, 'validation:min').max(1e6, 'validation:max').optional(),
        lastMessageTime: moment.optional(),
      }),
      { error: 'validation:invalidType' },
    )
    .max(200, 'validation:maxItems')
    .default([]),
  configs: z
    .array(
      z.object({
        name: configName,
        /** The version of this configuration the robot runs now. */
        runningVersion: version.optional(),
        /** What became of the last version it was given. */
        answer: z.object({ version, result: z.enum(CONFIG_ANSWERS, { error: 'validation:oneOf' }), message: short(500).optional() }).optional(),
      }),
      { error: 'validation:invalidType' },
    )
    .max(50, 'validation:maxItems')
    .default([]),
});
export type Heartbeat = z.input<typeof heartbeatPayload>;

/** A file of an offered package: one an export the artifact ships produced, with a signed link to fetch it by. */
export const otaFile = z.object({ model: z.string(), name: z.string(), size: z.number(), sha256: z.string(), url: z.string() });

/**
 * An official upgrade package published to the robot's space: the ACTIVE one of each artifact type
 * (release, nightly, dev), with the artifact it installs and the model files that artifact ships.
 * Robots carry no artifact type or arch of their own, so each takes the offer of its channel and
 * checks `arch` against its CPU.
 */
export const otaOffer = z.object({
  id: z.number(),
  officialVersion: z.string(),
  artifactId: z.number(),
  artifactType: z.string(),
  arch: z.string(),
  artifactVersion: z.string(),
  files: z.array(otaFile),
});
export type OtaOffer = z.infer<typeof otaOffer>;

/** The answer: how often to report, each configuration version the robot should take, whole, and the space's active OTA packages. */
export const heartbeatAnswer = z.object({
  robotId: z.number(),
  heartbeatIntervalSeconds: z.number(),
  serverTime: z.string(),
  configs: z.array(z.object({ name: z.string(), version: z.number(), content: z.record(z.string(), z.unknown()) })),
  ota: z.array(otaOffer),
});
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswer>;

/** A compile server's report: what it is doing and how loaded it is. */
export const compileReportPayload = z.object({
  status: z.enum(['online', 'busy', 'fault'], { error: 'validation:oneOf' }),
  usage: z.number({ error: 'validation:invalidType' }).min(0, 'validation:min').max(100, 'validation:max').optional(),
});

/** A topic as the robot's page shows it: its latest rate and message, against each rule watching it. */
export const robotTopic = z.object({
  topic: z.string(),
  rate: z.number().nullable(),
  lastMessageTime: z.string().nullable(),
  reportedTime: z.string().nullable(),
  rules: z.array(
    z.object({ ruleId: z.number(), name: z.string(), frameRate: z.number().nullable(), windowSeconds: z.number(), state: z.enum(['ok', 'pending', 'firing']) }),
  ),
});
export type RobotTopic = z.infer<typeof robotTopic>;

/** What a robot's timeline draws over the range asked for. */
export const robotTimeline = z.object({
  from: z.string(),
  to: z.string(),
  /** Seconds each heartbeat bucket spans (a minute, or more over long ranges). */
  bucketSeconds: z.number(),
  retentionDays: z.number(),
  heartbeats: z.array(z.object({ time: z.string(), count: z.number() })),
  alarms: z.array(z.object({ id: z.number(), kind: z.string(), topic: z.string(), start: z.string(), end: z.string().nullable() })),
  deliveries: z.array(z.object({ time: z.string(), configId: z.number(), name: z.string(), version: z.number(), status: z.string(), message: z.string() })),
  recordings: z.array(z.object({ id: z.number(), name: z.string(), start: z.string().nullable(), end: z.string().nullable() })),
});
export type RobotTimeline = z.infer<typeof robotTimeline>;

/**
 * The demo space's simulated robot and the key it reports with (`npm run robot` uses them when told
 * no other): seeded with the demo accounts, whose passwords are as public; never in a production seed.
 */
export const DEMO_ROBOT = { sn: 'SIM-UR5E-0001', keyId: 'EDPRKDEMOSIMULATORKEY', secret: 'demo-robot-simulator-secret' } as const;
