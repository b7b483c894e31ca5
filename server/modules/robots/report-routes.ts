import { sql } from 'kysely';
import { z } from 'zod';
import { compileServer } from '../../../model/schemas/compile-server';
import { envelope } from '../../../model/schemas/envelope';
import {
  COMPILE_REPORT_INTERVAL_SECONDS,
  compileReportPayload,
  HEARTBEAT_INTERVAL_SECONDS,
  heartbeatAnswer,
  heartbeatPayload,
} from '../../../model/schemas/robot-report';
import type { ApiApp, AppContext } from '../../context';
import { systemActor } from '../../engine/actor';
import { ok } from '../../http/envelope';
import { deliverConfigs } from './config-delivery';
import { COMPILE_SERVER_KEYS, keyHolder } from './device-keys';
import type { HeartbeatBatcher } from './heartbeat-batch';

const EXAMPLE_HEARTBEAT = {
  sn: 'UR5E-A001',
  softwareVersion: 'edp-agent 2.4.1',
  hardwareVersion: 'rev-C',
  uptimeSeconds: 3600,
  topics: [
    { name: '/camera/front/image_raw', messages: 150 },
    { name: '/joint_states', rate: 498.7, lastMessageTime: '2026-11-29T08:00:04.980Z' },
  ],
  configs: [{ name: 'teleop-params', runningVersion: 2, answer: { version: 3, result: 'restartNeeded', message: 'takes effect after reboot' } }],
};

const curl = (path: string, body: unknown, key: string) =>
  `curl -X POST http://localhost:8080/api/v1${path} -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;

/**
 * The devices' own calls, made with a key bound to the device (never a session): a robot's
 * heartbeat, answered with the configuration versions it should take, and a compile server's report.
 * Under `/device/report/`, apart from every entity's API, since no person calls them.
 */
export function reportRoutes(app: ApiApp, { db, records, clock }: AppContext, heartbeats: HeartbeatBatcher): void {
  app.post('/device/report/heartbeat', {
    config: { access: 'public' },
    schema: {
      tags: ['robot'],
      summary: 'A robot reports in',
      description: [
        `Sent by the robot every \`heartbeatIntervalSeconds\` (${HEARTBEAT_INTERVAL_SECONDS} s) with \`Authorization: Bearer <keyId>.<secret>\`, a key made on the robot's page and bound to that robot; it reports for that robot alone and reads nothing else.`,
        'Per topic: the messages counted since the last heartbeat or the rate, and optionally the last message time. Per configuration: the version it runs, and what became of the last version it was given (applied, restartNeeded, rejected or failed, with a message).',
        'The answer carries every configuration version the robot should still take, whole: the server never needs to reach the robot.',
        'It also carries `ota`: the official upgrade packages ACTIVE in the robot’s space, at most one per artifact type (release, nightly, dev), each with its `id`, `officialVersion`, the `artifactId`, `artifactType`, `arch` and `artifactVersion` of the artifact it installs (an artifact that passed its CT). A robot records no artifact type or CPU architecture of its own, so it is offered every active package of its space and takes the one of its channel whose `arch` is its own; an empty list means nothing is published. Each offer lists in `files` the files the model exports the artifact ships produced (`model` names the export’s target model), with their `size`, `sha256` and a `url` signed for a limited time: the robot downloads them with a plain GET, no key, and checks the SHA-256.',
        '401 for a wrong, unknown or disabled key; 403 when the SN is not the key’s robot.',
        `\n\nExample:\n\n\`\`\`\n${curl('/device/report/heartbeat', EXAMPLE_HEARTBEAT, 'EDPRK…ID.SECRET')}\n\`\`\``,
      ].join(' '),
      body: heartbeatPayload,
      response: { 200: envelope(heartbeatAnswer) },
    },
    handler: async (request) => {
      const now = clock();
      const kept = await heartbeats.submit(request.headers.authorization, request.body);
      const reports = request.body.configs ?? [];
      // Most heartbeats carry no configuration news either way: they cost no transaction.
      const configs =
        kept.pending > 0 || reports.length > 0
          ? await records.transaction((service, trx) => deliverConfigs(service, trx, kept.tenantId, kept.robotId, reports, now))
          : [];
      return ok({ robotId: kept.robotId, heartbeatIntervalSeconds: HEARTBEAT_INTERVAL_SECONDS, serverTime: now.toISOString(), configs, ota: kept.ota });
    },
  });

  app.post('/device/report/compile-server', {
    config: { access: 'public' },
    schema: {
      tags: ['compile-server'],
      summary: 'A compile server reports its status',
      description: `Sent every \`reportIntervalSeconds\` (${COMPILE_REPORT_INTERVAL_SECONDS} s) with a key made on the compile server's page; a server silent for three intervals is offline. 401 for a wrong, unknown or disabled key.\n\nExample:\n\n\`\`\`\n${curl('/device/report/compile-server', { status: 'busy', usage: 87.5 }, 'EDPCK…ID.SECRET')}\n\`\`\``,
      body: compileReportPayload,
      response: { 200: envelope(z.object({ reportIntervalSeconds: z.number() })) },
    },
    handler: async (request) => {
      const now = clock();
      const holder = await keyHolder(db, COMPILE_SERVER_KEYS, request.headers.authorization, now);
      await records.transaction(async (service, trx) => {
        const { rows } = await sql<{ status: string }>`
          update compile_servers set status_upload_time = ${now}, usage = ${request.body.usage ?? null}
          where id = ${holder.deviceId} returning (select status from compile_servers where id = ${holder.deviceId}) as status`.execute(trx);
        if (rows[0] && rows[0].status !== request.body.status)
          await service.update(systemActor(holder.tenantId), compileServer, { id: holder.deviceId, status: request.body.status });
      });
      return ok({ reportIntervalSeconds: COMPILE_REPORT_INTERVAL_SECONDS });
    },
  });
}
