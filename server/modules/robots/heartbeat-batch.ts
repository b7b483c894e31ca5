import { sql } from 'kysely';
import type { Heartbeat, OtaOffer } from '../../../model/schemas/robot-report';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { secretMatches } from '../../auth/bearer';
import { activePackagesOf } from '../ota/active-packages';
import { keyToken, ROBOT_KEYS } from './device-keys';
import { writeHeartbeats, type AcceptedBeat, type TopicFigures } from './ingest';

/** Heartbeats written together at most, and how long the first of them waits for company. */
const BATCH = 128;
const WAIT_MS = 2;
/** Writing a key's last use on every heartbeat would cost a write per heartbeat; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;

/** What a heartbeat's caller learns once it is kept: its robot, how many configuration versions wait for it, and its space's active OTA packages. */
export interface KeptBeat {
  tenantId: number;
  robotId: number;
  pending: number;
  ota: OtaOffer[];
}

interface Waiting {
  keyId: string;
  secret: string;
  beat: Heartbeat;
  resolve: (kept: KeptBeat) => void;
  reject: (error: unknown) => void;
}

interface KeyRow {
  keyId: string;
  id: number;
  tenantId: number;
  robotId: number;
  status: string;
  secretHash: string;
  lastUsedAt: Date | null;
  sn: string;
  robotStatus: string;
  lastSeenTime: Date | null;
  topics: string | null;
  heartbeats: number | null;
  messages: string | null;
}

/**
 * Heartbeats kept by group commit: those arriving within a few milliseconds of each other are checked
 * (key, secret, serial) with one read and written with one statement, and each caller is answered
 * once the write has committed, so nothing waits in memory unanswered. A thousand robots reporting
 * every few seconds cost a few statements a second instead of several per heartbeat. A robot twice in
 * one batch waits for the next, so each batch writes a robot's rows once.
 */
export function heartbeatBatcher({ db, records, clock, storage }: Pick<AppContext, 'db' | 'records' | 'clock' | 'storage'>) {
  let queue: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue.splice(0, BATCH);
    if (queue.length) schedule();
    if (batch.length === 0) return;
    try {
      await keep(batch);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  };
  const schedule = () => {
    if (queue.length >= BATCH) void flush();
    else timer ??= setTimeout(() => void flush(), WAIT_MS);
  };

  const keep = async (batch: Waiting[]) => {
    const now = clock();
    const { rows } = await sql<KeyRow>`
      select k.key_id, k.id, k.tenant_id, k.robot_id, k.status, k.secret_hash, k.last_used_at, r.sn, r.status as robot_status, r.last_seen_time,
        p.topics::text as topics, m.heartbeats, m.messages::text as messages
      from robot_keys k join robots r on r.id = k.robot_id left join robot_reports p on p.robot_id = r.id
        left join robot_minutes m on m.robot_id = r.id and m.minute = ${new Date(Math.floor(now.getTime() / 60_000) * 60_000)}
      where k.key_id = any(${[...new Set(batch.map((waiting) => waiting.keyId))]}::text[])`.execute(db);
    const byKey = new Map(rows.map((row) => [row.keyId, row]));
    const accepted: { waiting: Waiting; beat: AcceptedBeat }[] = [];
    const touched: number[] = [];
    for (const waiting of batch) {
      const key = byKey.get(waiting.keyId);
      if (!key || key.status !== 'enabled' || !secretMatches(waiting.secret, key.secretHash)) waiting.reject(new ApiError(401, 'robot:errors.badKey'));
      else if (key.sn !== waiting.beat.sn) waiting.reject(new ApiError(403, 'robot:errors.otherRobot', { sn: waiting.beat.sn }));
      else if (accepted.some((other) => other.beat.robotId === Number(key.robotId))) queue.unshift(waiting);
      else {
        // Read as text: the query layer would camelCase the topic names, which are the JSON's keys.
        const topics = key.topics ? (JSON.parse(key.topics) as TopicFigures) : {};
        const minute = key.messages ? { heartbeats: Number(key.heartbeats), messages: JSON.parse(key.messages) as Record<string, number> } : null;
        const robotId = Number(key.robotId);
        accepted.push({
          waiting,
          beat: { tenantId: Number(key.tenantId), robotId, robotStatus: key.robotStatus, lastSeenTime: key.lastSeenTime, topics, minute, beat: waiting.beat },
        });
        if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_AFTER_MS) touched.push(Number(key.id));
      }
    }
    if (queue.length) schedule();
    if (accepted.length === 0) return;
    const pending = await writeHeartbeats(
      db,
      records,
      accepted.map((entry) => entry.beat),
      touched,
      now,
    );
    // One read for the whole batch: the active packages of the spaces it reports from.
    const offers = await activePackagesOf(
      db,
      storage,
      accepted.map((entry) => entry.beat.tenantId),
    );
    for (const { waiting, beat } of accepted)
      waiting.resolve({ tenantId: beat.tenantId, robotId: beat.robotId, pending: pending.get(beat.robotId) ?? 0, ota: offers.get(beat.tenantId) ?? [] });
  };

  return {
    /** Keeps one heartbeat sent with `Authorization: Bearer <keyId>.<secret>`: 401 for a wrong, unknown or disabled key, 403 for another robot's serial. */
    submit(authorization: string | undefined, beat: Heartbeat): Promise<KeptBeat> {
      const token = keyToken(ROBOT_KEYS, authorization);
      if (!token) return Promise.reject(new ApiError(401, 'robot:errors.badKey'));
      return new Promise((resolve, reject) => {
        queue.push({ ...token, beat, resolve, reject });
        schedule();
      });
    },
  };
}

export type HeartbeatBatcher = ReturnType<typeof heartbeatBatcher>;
