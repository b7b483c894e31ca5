import { label } from '../../../model/schemas/label';
import { ticketJob } from '../../../model/schemas/ticket-job';
import type { Db } from '../../db/tables';
import { systemActor, type Actor } from '../../engine/actor';
import { loose } from '../../engine/queries';
import type { RecordService } from '../../engine/record-service';
import { ApiError } from '../../http/api-error';
import { recordMoves } from './job-events';
import { settleTicket } from './settle-ticket';
import { jobOf, refuseWhenDone, ticketOf } from './ticket-rows';

/**
 * Sends a submitted job back to its annotator with a reason of the space's rework list and a
 * comment; counted as a rejection, kept as the reviewer's move. Within the caller's transaction.
 */
export async function rejectJob(service: RecordService, db: Db, reviewer: Actor, now: Date, jobId: number, reason: string, comment: string) {
  const job = await jobOf(db, jobId, true);
  refuseWhenDone(await ticketOf(db, job.ticketId));
  if (job.state !== 'submitted') throw new ApiError(409, 'ticketJob:errors.notSubmitted');
  const known = await loose(db)
    .selectFrom(label.table)
    .select('id')
    .where('tenantId', '=', job.tenantId)
    .where('labelType', '=', 'rework')
    .where('name', '=', reason)
    .executeTakeFirst();
  if (!known) throw new ApiError(400, 'ticketJob:errors.unknownReason', { reason }, { field: 'reason' });
  await service.update(systemActor(job.tenantId), ticketJob, {
    id: job.id,
    state: 'rejected',
    stage: 'annotate',
    rejectReason: reason,
    rejectComment: comment,
    rejections: job.rejections + 1,
    claimedUntil: null,
  });
  const move = { tenantId: job.tenantId, ticketId: job.ticketId, jobId: job.id, assignee: job.assignee, itemCount: job.itemCount };
  await recordMoves(db, reviewer, now, [{ ...move, action: 'reject', fromState: 'submitted', toState: 'rejected' }]);
  await settleTicket(db, job.ticketId);
  return { id: job.id, state: 'rejected', assignee: job.assignee };
}
