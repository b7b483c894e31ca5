import { Cron } from 'croner';

/** The zone a task's schedule is read in unless it names another. */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/** The IANA zones a task may be scheduled in: the default first, then east to west. */
export const TIMEZONES = [
  'Asia/Shanghai',
  'Pacific/Auckland',
  'Australia/Sydney',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/Moscow',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'UTC',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
] as const;

/**
 * The schedule an expression names in a zone, or null if it does not parse. Five fields only
 * (minute hour day month weekday, or a nickname such as @daily): no seconds, so a task fires at
 * most once a minute. The console's preview and the server's scheduler both read it from here,
 * so they agree on every fire time. An empty zone (a task stored before zones) is the default.
 */
export function cronSchedule(expression: string, timezone = DEFAULT_TIMEZONE): Cron | null {
  try {
    return new Cron(expression.trim(), { paused: true, mode: '5-part', timezone: timezone || DEFAULT_TIMEZONE });
  } catch {
    return null;
  }
}

/** Why an expression cannot schedule anything: it does not parse, or it names no date that exists (30 February). */
export function cronFault(expression: string): 'malformed' | 'neverFires' | undefined {
  const schedule = cronSchedule(expression, 'UTC');
  if (!schedule) return 'malformed';
  return schedule.nextRun() ? undefined : 'neverFires';
}

/** The next `count` fire times after `from` (exclusive); none if the expression does not parse. */
export function nextFireTimes(expression: string, timezone: string, count: number, from: Date = new Date()): Date[] {
  try {
    return cronSchedule(expression, timezone)?.nextRuns(count, from) ?? [];
  } catch {
    return []; // a zone the runtime does not know
  }
}

/** The latest fire time at or before `now` (inclusive), or null if none (or the expression does not parse). */
export function latestFireTime(expression: string, timezone: string, now: Date = new Date()): Date | null {
  try {
    // previousRuns counts only runs strictly before its reference; a fire at exactly `now` is the latest too.
    return cronSchedule(expression, timezone)?.previousRuns(1, new Date(now.getTime() + 1))[0] ?? null;
  } catch {
    return null;
  }
}
