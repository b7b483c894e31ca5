import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../../../src/screens/pages/tickets/tickets-api';
import { assigneeMove, canAnnotate, chosenJob, idParam, neighbour, orderJobs } from '../../../../../../src/screens/pages/tickets/annotate/work-rules';

const job = (id: number, assignee: string, state: Job['state']): Job => ({
  id,
  ticketId: 1,
  number: id,
  itemCount: 3,
  assignee,
  managers: ['boss'],
  stage: 'annotate',
  state,
  rejectReason: '',
  rejectComment: '',
  rejections: 0,
  claimedUntil: null,
  updatedTime: '',
});

describe('who annotates a job', () => {
  it('is its assignee while it is open', () => {
    for (const state of ['new', 'in_progress', 'rejected'] as const) expect(canAnnotate(job(1, 'ann', state), 'ann')).toBe(true);
  });

  it('is nobody once it is submitted or done', () => {
    for (const state of ['submitted', 'done'] as const) expect(canAnnotate(job(1, 'ann', state), 'ann')).toBe(false);
  });

  it('is never someone else (a manager reviewing), nor anyone of an unassigned job', () => {
    expect(canAnnotate(job(1, 'ann', 'in_progress'), 'boss')).toBe(false);
    expect(canAnnotate(job(1, '', 'new'), '')).toBe(false);
  });
});

describe('the jobs offered', () => {
  const jobs = [job(1, 'bob', 'in_progress'), job(2, 'ann', 'done'), job(3, 'ann', 'in_progress'), job(4, 'bob', 'new')];

  it('list the caller’s own first, each group by number', () => {
    expect(orderJobs(jobs, 'ann').map((each) => each.id)).toEqual([2, 3, 1, 4]);
  });

  it('open at the one asked for, else the caller’s first open one, else the first', () => {
    const ordered = orderJobs(jobs, 'ann');
    expect(chosenJob(ordered, 4, 'ann')?.id).toBe(4);
    expect(chosenJob(ordered, 99, 'ann')?.id).toBe(3);
    expect(chosenJob(orderJobs(jobs, 'boss'), null, 'boss')?.id).toBe(1);
  });

  it('offer their assignee the one move of their state, and nobody else any', () => {
    expect(assigneeMove(job(1, 'ann', 'new'), 'ann')).toBe('start');
    expect(assigneeMove(job(1, 'ann', 'in_progress'), 'ann')).toBe('submit');
    expect(assigneeMove(job(1, 'ann', 'rejected'), 'ann')).toBe('rework');
    expect(assigneeMove(job(1, 'ann', 'submitted'), 'ann')).toBeNull();
    expect(assigneeMove(job(1, 'ann', 'in_progress'), 'boss')).toBeNull();
  });
});

describe('moving between items', () => {
  const items = [{ id: 10 }, { id: 11 }, { id: 12 }];

  it('steps to the next and previous, staying at either end', () => {
    expect(neighbour(items, 11, 1)?.id).toBe(12);
    expect(neighbour(items, 11, -1)?.id).toBe(10);
    expect(neighbour(items, 12, 1)?.id).toBe(12);
    expect(neighbour(items, 10, -1)?.id).toBe(10);
  });

  it('starts from the first when none is chosen', () => {
    expect(neighbour(items, undefined, 1)?.id).toBe(10);
  });

  it('reads ids from the address, nothing else', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam(null)).toBeNull();
    expect(idParam('0')).toBeNull();
    expect(idParam('12abc')).toBeNull();
  });
});
