import { createHmac } from 'node:crypto';
import { task as taskEntity } from '../../../model/schemas/task';
import { taskImage } from '../../../model/schemas/task-image';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import type { InstanceRow } from './instance-state';
import type { RunSpec } from './runner';
import type { ObjectStore } from '../../storage/object-store';
import { subjectOf } from './subject-env';

/** The name of the server secret instance tokens are made with. */
export const INSTANCE_TOKENS = 'instance-tokens';

/** The instance's proof of itself when it calls back (HMAC of its id under the server's secret). */
export const instanceToken = (secret: string, instanceId: number) => createHmac('sha256', secret).update(`instance:${instanceId}`).digest('hex');

/** key=value lines (spec §5) as variables; the engine already refused malformed ones. */
export function environmentOf(lines: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of lines.split('\n').map((item) => item.trim())) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

/** The code file's name by the interpreter it is handed to (some insist on an extension). */
const codeFileOf = (command: string[]) => {
  const program = command[0] ?? '';
  if (/python/.test(program)) return 'main.py';
  if (/node|deno|bun/.test(program)) return 'main.js';
  if (/(^|\/)(ba|z|da)?sh$/.test(program)) return 'main.sh';
  return 'main';
};

export class RunSpecError extends Error {}

/** Everything the runner needs for this instance: the task as it is now, its image's command, the run's variables and files. */
export async function runSpecOf(db: Db, row: InstanceRow, context: { secret: string; apiUrl: string; storage: ObjectStore }): Promise<RunSpec> {
  const task = (await loose(db).selectFrom(taskEntity.table).selectAll().where('id', '=', row.task).executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!task) throw new RunSpecError('the task of this instance no longer exists');
  const image = (await loose(db).selectFrom(taskImage.table).selectAll().where('id', '=', task.image).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  const command = String(image?.entrypoint ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (!image || command.length === 0) throw new RunSpecError(`the task image ${String(image?.name ?? task.image)} declares no entrypoint`);
  const subject = await subjectOf(db, row, context.storage);
  return {
    instanceId: row.id,
    tenantId: row.tenantId,
    jobName: row.k8sJobName,
    image: String(image.image),
    command,
    code: String(task.code ?? ''),
    codeFileName: codeFileOf(command),
    env: {
      ...environmentOf(String(task.environment ?? '')),
      ...subject.env,
      EDP_INSTANCE_ID: String(row.id),
      EDP_INSTANCE_TOKEN: instanceToken(context.secret, row.id),
      EDP_API_URL: context.apiUrl,
      EDP_TASK_NAME: row.taskName,
    },
    files: subject.files,
    memoryBytes: Number(row.memory ?? task.memory),
    gpuCards: Number(row.gpuCards ?? task.gpuCards ?? 0),
    timeoutSeconds: Number(row.timeout ?? task.timeoutTime),
    labels: { 'edp.task': String(row.task) },
  };
}
