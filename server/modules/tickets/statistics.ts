import { sql } from 'kysely';
import type { Language } from '../../../model/schemas/languages';
import type { TicketStatistics, WorkFigures } from '../../../model/schemas/ticket-work';
import type { Db } from '../../db/tables';
import { csvCell } from '../../engine/export';
import { localize } from '../../http/messages';

/** China time's offset from UTC (it keeps no daylight saving). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Days of the recent pace a forecast looks back over. */
const PACE_DAYS = 7;

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function figures(member: string | null, row: Record<string, string | number | null>): WorkFigures {
  const n = (key: string) => Number(row[key] ?? 0);
  const seconds = n('seconds');
  return {
    member,
    jobsAssigned: n('jobs'),
    itemsAssigned: n('items'),
    jobsDone: n('jobsDone'),
    itemsDone: n('itemsDone'),
    rejections: n('rejections'),
    firstPassRate: rate(n('firstPass'), n('jobsDone')),
    rework: n('rework'),
    secondsInProgress: Math.round(seconds),
    itemsPerHour: seconds > 0 ? n('itemsDone') / (seconds / 3600) : null,
  };
}

/**
 * A ticket's statistics, from its jobs as they are and the server's record of their moves: time in
 * progress is the sum of the spans a job spent in progress (each credited to whoever held it then,
 * the last one running until now); a day is a day in China time; the forecast divides the items not
 * yet accepted by the items accepted per day over the last week's days with work.
 */
export async function ticketStatistics(db: Db, ticketId: number, now: Date, only?: readonly string[]): Promise<TicketStatistics> {
  const { rows: jobs } = await sql<Record<string, string | number | null> & { member: string }>`
    with spans as (
      select assignee, to_state, extract(epoch from coalesce(lead(created_time) over (partition by job_id order by created_time, id), ${now}) - created_time) as seconds
      from ticket_job_events where ticket_id = ${ticketId}
    ),
    moves as (
      select assignee as member, sum(seconds) filter (where to_state = 'in_progress') as seconds from spans group by assignee
    ),
    counted as (
      select assignee as member,
        count(*) filter (where action = 'reject') as rejections, count(*) filter (where action = 'rework') as rework
      from ticket_job_events where ticket_id = ${ticketId} group by assignee
    ),
    held as (
      select assignee as member, count(*) as jobs, sum(item_count) as items,
        count(*) filter (where state = 'done') as "jobsDone", coalesce(sum(item_count) filter (where state = 'done'), 0) as "itemsDone",
        count(*) filter (where state = 'done' and rejections = 0) as "firstPass"
      from ticket_jobs where ticket_id = ${ticketId} and assignee <> '' group by assignee
    )
    select coalesce(h.member, c.member, m.member) as member, h.jobs, h.items, h."jobsDone", h."itemsDone", h."firstPass",
      c.rejections, c.rework, m.seconds
    from held h full join counted c on c.member = h.member full join moves m on m.member = coalesce(h.member, c.member)
    where coalesce(h.member, c.member, m.member) <> ''
    order by 1`.execute(db);
  const members = jobs.filter((row) => !only || only.includes(row.member)).map((row) => figures(row.member, row));
  const sum = (key: keyof WorkFigures) => members.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  const { rows: perDay } = await sql<{ day: string; member: string; items: string }>`
    select to_char(created_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, assignee as member, sum(item_count) as items
    from ticket_job_events where ticket_id = ${ticketId} and action = 'accept'
    group by 1, 2 order by 1, 2`.execute(db);
  const { rows: left } = await sql<{ remaining: string }>`
    select coalesce(sum(item_count) filter (where state <> 'done'), 0) as remaining from ticket_jobs where ticket_id = ${ticketId}`.execute(db);
  const remainingItems = Number(left[0]?.remaining ?? 0);
  const days = [...new Set(perDay.map((row) => row.day))].slice(-PACE_DAYS);
  const recent = perDay.filter((row) => days.includes(row.day)).reduce((total, row) => total + Number(row.items), 0);
  const itemsPerDay = days.length ? recent / days.length : null;
  // A date in China time, as the chart's days are.
  const finishDate =
    remainingItems === 0 || !itemsPerDay
      ? null
      : new Date(now.getTime() + CHINA_OFFSET_MS + Math.ceil(remainingItems / itemsPerDay) * 86_400_000).toISOString().slice(0, 10);
  const total = figures(null, {
    jobs: sum('jobsAssigned'),
    items: sum('itemsAssigned'),
    jobsDone: sum('jobsDone'),
    itemsDone: sum('itemsDone'),
    rejections: sum('rejections'),
    rework: sum('rework'),
    seconds: sum('secondsInProgress'),
    firstPass: members.reduce((total, row) => total + (row.firstPassRate ?? 0) * row.jobsDone, 0),
  });
  return {
    members,
    total,
    perDay: perDay.filter((row) => !only || only.includes(row.member)).map((row) => ({ day: row.day, member: row.member, items: Number(row.items) })),
    forecast: { remainingItems, itemsPerDay, finishDate },
  };
}

/** The CSV's columns: a member's figures in the statistic tab's order, by their message keys. */
const COLUMNS = [
  'member',
  'jobsAssigned',
  'itemsAssigned',
  'jobsDone',
  'itemsDone',
  'rejections',
  'firstPass',
  'rework',
  'timeInProgress',
  'itemsPerHour',
] as const;

/** The statistics as CSV in the caller's language: one row per chosen collector, then the ticket's total. */
export function statisticsCsv(statistics: TicketStatistics, language: Language): string {
  const line = (row: WorkFigures, name: string) =>
    [
      name,
      row.jobsAssigned,
      row.itemsAssigned,
      row.jobsDone,
      row.itemsDone,
      row.rejections,
      row.firstPassRate === null ? '' : row.firstPassRate.toFixed(4),
      row.rework,
      row.secondsInProgress,
      row.itemsPerHour === null ? '' : row.itemsPerHour.toFixed(2),
    ]
      .map(csvCell)
      .join(',');
  const header = COLUMNS.map((key) => csvCell(localize(`ticket:stats.${key}`)[language])).join(',');
  const rows = statistics.members.map((row) => line(row, row.member ?? ''));
  return `\uFEFF${[header, ...rows, line(statistics.total, localize('ticket:stats.total')[language])].join('\n')}\n`;
}
