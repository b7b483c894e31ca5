import { sql } from 'kysely';
import { robot } from '../../../model/schemas/robot';
import { HEARTBEAT_INTERVAL_SECONDS, OFFLINE_AFTER_MISSED, type Heartbeat } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';
import { systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';

type Topic = NonNullable<Heartbeat['topics']>[number];

/** A topic's latest figures as robot_reports keeps them: its rate (messages a second) and its last message (ISO). */
export type TopicFigures = Record<string, { rate: number | null; last: string | null }>;

/** A heartbeat whose key held, with what its robot was and last reported. */
export interface AcceptedBeat {
  tenantId: number;
  robotId: number;
  robotStatus: string;
  lastSeenTime: Date | null;
  topics: TopicFigures;
  /** This minute's row so far: the heartbeats and each topic's messages already counted. */
  minute: { heartbeats: number; messages: Record<string, number> } | null;
  beat: Heartbeat;
}

const MINUTE_MS = 60_000;
/** Heartbeats closer together than this share of the interval leave the topics' rates as they were. */
const MEASURED_SHARE = 0.2;

/**
 * How many seconds a heartbeat's counts cover: since the one before, when that one was recent; a
 * robot back from silence reports what it counted since it last could, which is one interval's worth.
 */
function coveredSeconds(lastSeen: Date | null, now: Date): number {
  const since = lastSeen ? (now.getTime() - lastSeen.getTime()) / 1000 : Infinity;
  return since > 0 && since <= HEARTBEAT_INTERVAL_SECONDS * OFFLINE_AFTER_MISSED ? since : HEARTBEAT_INTERVAL_SECONDS;
}

/**
 * Each topic's rate (the robot's own, else its count over the time covered), count and last message,
 * over what the robot reported before: a topic left out keeps its figures (and its silence shows as
 * its last message ageing), and a last message never goes back in time nor past the server's now.
 * Two topics of one name in a heartbeat count once, the last one winning.
 */
function figures({ beat, topics: before, lastSeenTime, minute }: AcceptedBeat, now: Date) {
  const seconds = coveredSeconds(lastSeenTime, now);
  // A heartbeat on the heels of the one before measured no rate worth the name: the rates stand.
  const measured = !lastSeenTime || seconds >= HEARTBEAT_INTERVAL_SECONDS * MEASURED_SHARE;
  const latest: TopicFigures = { ...before };
  const messages: Record<string, number> = { ...minute?.messages };
  const at = now.getTime();
  const atText = now.toISOString();
  // Milliseconds throughout (-Infinity: none): a heartbeat has tens of topics and a server thousands of heartbeats.
  for (const topic of new Map((beat.topics ?? []).map((given: Topic) => [given.name, given])).values()) {
    const count = topic.messages ?? (topic.rate !== undefined ? Math.round(topic.rate * seconds) : 0);
    const given = topic.lastMessageTime ? Math.min(Date.parse(topic.lastMessageTime), at) : count > 0 ? at : -Infinity;
    const previous = before[topic.name];
    const previousLast = previous?.last;
    const last = Math.max(given, previousLast ? Date.parse(previousLast) : -Infinity);
    latest[topic.name] = {
      rate: !measured && previous ? previous.rate : (topic.rate ?? (topic.messages !== undefined ? topic.messages / seconds : null)),
      last: last === -Infinity ? null : last === given || !previousLast ? (last === at ? atText : new Date(last).toISOString()) : previousLast,
    };
    messages[topic.name] = (messages[topic.name] ?? 0) + count;
  }
  return { latest, messages, heartbeats: (minute?.heartbeats ?? 0) + 1 };
}

/**
 * Keeps a batch of heartbeats (one per robot) in one statement, two rows a robot whatever its topics:
 * its latest figures per topic (and since when it is online), and this minute's heartbeats and messages per topic (added to what
 * the minute held when the batch read it: a robot's heartbeats come one after another); with its
 * versions, uptime and last seen time, leaving its record time alone (an edit open on its page is not
 * made stale by its heartbeats), and the keys' last use. A robot that was offline comes online
 * through the record service, so the change is audited. Returns, per robot, how many of its
 * configuration versions are still on their way to it.
 */
export async function writeHeartbeats(db: Db, records: RecordService, beats: AcceptedBeat[], touchedKeys: number[], now: Date): Promise<Map<number, number>> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const worked = beats.map((accepted) => figures(accepted, now));
  // One JSON document for the batch: arrays of JSON would be escaped character by character on the way.
  const given = beats.map(({ robotId, tenantId, beat }, i) => ({
    robot_id: robotId,
    tenant_id: tenantId,
    topics: worked[i]!.latest,
    messages: worked[i]!.messages,
    heartbeats: worked[i]!.heartbeats,
    uptime: beat.uptimeSeconds ?? null,
    software: beat.softwareVersion ?? null,
    hardware: beat.hardwareVersion ?? null,
    came_online: beats[i]!.robotStatus !== 'online',
  }));
  const { rows } = await sql<{ id: number; pending: number }>`
    with given as (
      select * from jsonb_to_recordset(${JSON.stringify(given)}::jsonb)
        as given(robot_id bigint, tenant_id bigint, topics jsonb, messages jsonb, heartbeats int, uptime bigint, software text, hardware text, came_online boolean)
    ), counted as (
      insert into robot_minutes (tenant_id, robot_id, minute, heartbeats, messages)
      select tenant_id, robot_id, ${minute}::timestamptz, heartbeats, messages from given
      on conflict (robot_id, minute) do update set heartbeats = excluded.heartbeats, messages = excluded.messages
    ), latest as (
      insert into robot_reports (tenant_id, robot_id, topics, reported_time, online_since)
      select tenant_id, robot_id, topics, ${now}::timestamptz, case when came_online then ${now}::timestamptz end from given
      on conflict (robot_id) do update set topics = excluded.topics, reported_time = excluded.reported_time,
        online_since = coalesce(excluded.online_since, robot_reports.online_since, robot_reports.reported_time)
    ), touched as (
      update robot_keys set last_used_at = ${now} where id = any(${touchedKeys}::bigint[])
    )
    update robots r set last_seen_time = ${now}, uptime = coalesce(given.uptime, r.uptime), software_version = coalesce(given.software, r.software_version),
      hardware_version = coalesce(given.hardware, r.hardware_version)
    from given where r.id = given.robot_id
    returning r.id,
      (select count(*) from robot_configs c where c.tenant_id = r.tenant_id and c.robot_id = r.id and c.status in ('undelivered', 'sent'))::int as pending`.execute(
    db,
  );
  for (const accepted of beats.filter((candidate) => candidate.robotStatus !== 'online'))
    await records.update(systemActor(accepted.tenantId), robot, { id: accepted.robotId, status: 'online' });
  return new Map(rows.map((row) => [Number(row.id), Number(row.pending)]));
}
