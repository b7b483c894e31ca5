import { describe, expect, it } from 'vitest';
import { createPayload, updatePayload } from '../../../../model/schemas/engine/entity';
import { cronFault, DEFAULT_TIMEZONE, latestFireTime, nextFireTimes } from '../../../../model/schemas/cron-schedule';
import { task } from '../../../../model/schemas/task';

const create = createPayload(task);
const valid = {
  name: 'nightly',
  owner: 'rd',
  taskType: 'training',
  taskCategory: 'development',
  triggerType: 'manual',
  image: 1,
  memory: 1024 ** 3,
  timeoutTime: 60,
};
const issuesOf = (values: Record<string, unknown>) => {
  const result = create.safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('a task’s schedule', () => {
  it.each(['61 * * * *', '* * * *', '0 2 * * * *', 'every night', '5/5 * * * *', '0 25 * * *', '0 2 * 13 *'])('refuses %s as malformed', (cronExpression) => {
    expect(issuesOf({ triggerType: 'scheduled', cronExpression })).toEqual([['cronExpression', 'task:rules.cronFormat']]);
  });

  it.each(['0 2 30 2 *', '0 0 31 4 *'])('refuses %s, which never fires', (cronExpression) => {
    expect(issuesOf({ triggerType: 'scheduled', cronExpression })).toEqual([['cronExpression', 'task:rules.cronNeverFires']]);
  });

  it.each(['0 2 * * *', '*/30 * * * *', '30 3 * * MON', '0 9-18/3 * * 1-5', '0 2 L * *', '0 2 * * 5#2', '@daily', ' 0 2 * * * '])(
    'accepts %s',
    (cronExpression) => {
      const parsed = create.parse({ ...valid, triggerType: 'scheduled', cronExpression });
      expect(parsed.cronExpression).toBe(cronExpression.trim());
    },
  );

  it('still requires a cron expression for a scheduled task, and none for a manual one', () => {
    expect(issuesOf({ triggerType: 'scheduled' })).toEqual([['cronExpression', 'task:rules.cronRequired']]);
    expect(issuesOf({ triggerType: 'scheduled', cronExpression: '   ' })).toEqual([['cronExpression', 'task:rules.cronRequired']]);
    expect(issuesOf({ triggerType: 'manual' })).toEqual([]);
  });

  it('checks the expression of a manual task too (it may be scheduled later)', () => {
    expect(issuesOf({ triggerType: 'manual', cronExpression: '61 * * * *' })).toEqual([['cronExpression', 'task:rules.cronFormat']]);
  });

  it('reads fire times in Asia/Shanghai unless told otherwise, and never overlaps unless allowed', () => {
    const parsed = create.parse({ ...valid, triggerType: 'scheduled', cronExpression: '0 2 * * *' });
    expect(parsed).toMatchObject({ timezone: 'Asia/Shanghai', allowOverlap: false });
    expect(create.parse({ ...valid, timezone: '', allowOverlap: null })).toMatchObject({ timezone: DEFAULT_TIMEZONE, allowOverlap: false });
    expect(create.parse({ ...valid, timezone: 'Europe/Berlin', allowOverlap: true })).toMatchObject({ timezone: 'Europe/Berlin', allowOverlap: true });
  });

  it.each(['Mars/Olympus_Mons', 'asia/shanghai', 'GMT+8', 42])('refuses the zone %s', (timezone) => {
    expect(issuesOf({ timezone })).toEqual([['timezone', 'validation:oneOf']]);
  });

  it('leaves the zone as it is on an update that does not name it', () => {
    const update = updatePayload(task);
    expect(update.parse({ id: 1, updatedTime: '2026-11-01T00:00:00.000Z', cronExpression: '0 3 * * *' })).not.toHaveProperty('timezone');
    expect(update.safeParse({ id: 1, updatedTime: 'x', cronExpression: '61 * * * *' }).error?.issues.map((issue) => issue.message)).toEqual([
      'task:rules.cronFormat',
    ]);
  });

  it('starts a new task’s form at the default zone, and reads a row stored before zones as the default', () => {
    expect(task.fields.timezone.initial).toBe(DEFAULT_TIMEZONE);
    expect(task.fields.timezone.fromDb(null)).toBe(DEFAULT_TIMEZONE);
    expect(task.fields.timezone.fromDb('UTC')).toBe('UTC');
    expect(task.fields.cronExpression).toMatchObject({ widget: 'cron', timezoneField: 'timezone' });
  });
});

describe('fire times, as the preview and the scheduler compute them', () => {
  const from = new Date('2026-03-27T12:00:00Z');

  it('lists the next fire times in the given zone', () => {
    expect(nextFireTimes('0 2 * * *', 'Asia/Shanghai', 3, from).map((time) => time.toISOString())).toEqual([
      '2026-03-27T18:00:00.000Z',
      '2026-03-28T18:00:00.000Z',
      '2026-03-29T18:00:00.000Z',
    ]);
    // Berlin leaves winter time on 29 March 2026: 02:00 does not exist that night, so the fire is at 03:00 (01:00Z).
    expect(nextFireTimes('0 2 * * *', 'Europe/Berlin', 3, from).map((time) => time.toISOString())).toEqual([
      '2026-03-28T01:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:00:00.000Z',
    ]);
    expect(nextFireTimes('0 2 * * *', '', 1, from)).toEqual(nextFireTimes('0 2 * * *', 'Asia/Shanghai', 1, from));
  });

  it('gives the latest fire time at or before now, counting a fire at exactly now', () => {
    expect(latestFireTime('0 2 * * *', 'Asia/Shanghai', from)?.toISOString()).toBe('2026-03-26T18:00:00.000Z');
    expect(latestFireTime('*/30 * * * *', 'UTC', new Date('2026-03-27T12:30:00Z'))?.toISOString()).toBe('2026-03-27T12:30:00.000Z');
  });

  it('has no fire times for an expression that does not parse or a zone nobody knows', () => {
    expect(nextFireTimes('61 * * * *', 'UTC', 5, from)).toEqual([]);
    expect(latestFireTime('* * * *', 'UTC', from)).toBeNull();
    expect(nextFireTimes('0 2 * * *', 'Mars/Olympus_Mons', 5, from)).toEqual([]);
    expect(latestFireTime('0 2 * * *', 'Mars/Olympus_Mons', from)).toBeNull();
    expect([cronFault('0 2 * * *'), cronFault('61 * * * *'), cronFault('0 0 30 2 *')]).toEqual([undefined, 'malformed', 'neverFires']);
  });
});
