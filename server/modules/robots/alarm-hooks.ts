import { sql } from 'kysely';
import { alarmNotice } from '../../../model/schemas/alarm-notice';
import { actorName, systemActor } from '../../engine/actor';
import type { EntityHooks } from '../../engine/hooks';

/** Whoever acknowledges or closes an alarm has seen it: their notices of it are read. */
export const alarmHooks: EntityHooks = {
  afterTransition: async ({ db, records, actor }, _action, _before, after) => {
    if (actor.kind !== 'person' || after.length === 0) return;
    const { rows } = await sql<{ id: number }>`
      select id from alarm_notices where alarm_id = any(${after.map((row) => Number(row.id))}::bigint[]) and account = ${actorName(actor)}
        and status = 'unread'`.execute(db);
    if (rows.length)
      await records.transition(
        systemActor(actor.principal.tenant.id),
        alarmNotice,
        'markRead',
        rows.map((row) => Number(row.id)),
      );
  },
};
