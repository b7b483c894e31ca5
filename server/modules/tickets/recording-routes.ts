import { z } from 'zod';
import { bag } from '../../../model/schemas/bag';
import { envelope } from '../../../model/schemas/envelope';
import { ticketItem } from '../../../model/schemas/ticket-item';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { loose, rowsInScope } from '../../engine/queries';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';

const topic = z.object({
  topic: z.string(),
  messageType: z.string(),
  messageCount: z.number(),
  frequencyHz: z.number(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  density: z.array(z.number()).optional(),
});
export const recordingAnswer = z.object({
  bagId: z.number(),
  bagName: z.string(),
  robotType: z.string(),
  start: z.string(),
  end: z.string(),
  durationSeconds: z.number(),
  clipStart: z.number().nullable(),
  clipEnd: z.number().nullable(),
  topics: z.array(topic),
});

const topicsOf = (text: unknown): z.infer<typeof topic>[] => {
  try {
    const parsed: unknown = JSON.parse(String(text || '[]'));
    return Array.isArray(parsed) ? (parsed as z.infer<typeof topic>[]) : [];
  } catch {
    return [];
  }
};

/**
 * The recording of a ticket's item, for its annotating page: its span, its clip and its topics as
 * parsed (each with its message density along the span). Whoever reads the item reads this much of
 * its bag, though the raw-data list may be closed to them (an annotator).
 */
export function recordingRoutes(app: ApiApp, { db, reach }: AppContext): void {
  app.get('/data/ticket-item/:id/recording', {
    config: { access: listAccess(ticketItem.name, 'read') },
    schema: {
      tags: ['ticket-item'],
      summary: 'The recording of a ticket item',
      description: 'Its name, robot type, start and end, duration in seconds, the item’s clip, and its topics as parsed with their message density.',
      params: idParams,
      response: { 200: envelope(recordingAnswer) },
    },
    handler: async (request) => {
      const [item] = await rowsInScope(db, reach.scope(principalOf(request), ticketItem.name, 'read'), [request.params.id]);
      const row = (await loose(db)
        .selectFrom(bag.table)
        .select(['id', 'bagName', 'robotType', 'bagStartTime', 'bagEndTime', 'bagDuration', 'topics'])
        .where('id', '=', Number(item!.bagId))
        .executeTakeFirstOrThrow()) as {
        id: number;
        bagName: string;
        robotType: string | null;
        bagStartTime: Date;
        bagEndTime: Date;
        bagDuration: number;
        topics: string;
      };
      return ok({
        bagId: Number(row.id),
        bagName: row.bagName,
        robotType: row.robotType ?? '',
        start: row.bagStartTime.toISOString(),
        end: row.bagEndTime.toISOString(),
        durationSeconds: Number(row.bagDuration),
        clipStart: item!.clipStart === null ? null : Number(item!.clipStart),
        clipEnd: item!.clipEnd === null ? null : Number(item!.clipEnd),
        topics: topicsOf(row.topics),
      });
    },
  });
}
