import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/auth/cipher';
import { hashDigest } from '../../server/auth/password-hash';
import { systemActor } from '../../server/engine/actor';
import { createAccount } from '../../server/modules/accounts/accounts';
import { createSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/**
 * Labelling work: a ticket made from a version is cut into jobs, handed out or claimed, annotated,
 * reviewed by its team's managers, closed, measured and written back onto the bags.
 */
const { t, api } = useTestApp();
const tokens: Record<string, string> = {};
let tenantId: number;
let sceneLabel: number;

const as = (who: string) => ({ token: tokens[who]! });
const post = (who: string, path: string, body: unknown) => api.post(path, body, as(who));
const get = (who: string, path: string, query: Record<string, string> = {}) => api.get(path, { ...as(who), query });

beforeAll(async () => {
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const passwordHash = await hashDigest(sha256Hex(SEED_PASSWORD));
  for (const code of ['ann', 'bob'])
    await createAccount(t.records, systemActor(tenantId), { code, name: code, role: 'tele_operator', passwordHash, mustChangePassword: false });
  for (const who of ['rd', 'admin', 'operator', 'ann', 'bob']) tokens[who] = await api.token('demo', who);
  await post('admin', '/console/label/create', { name: 'Range too wide', labelType: 'rework' });
  sceneLabel = (await post('admin', '/console/label/create', { name: 'Pick and place', labelType: 'scene' })).body.data.id;
});

let made = 0;
/** A published version of `count` fresh bags. */
async function version(count: number) {
  made += 1;
  const dataset = (await post('rd', '/data/dataset/create', { name: `tickets-${made}`, owner: 'rd', datasetType: 'raw' })).body.data;
  for (let index = 0; index < count; index += 1) {
    const bag = await createSample(api, resourceOf('bag'), tokens.rd!);
    await post('rd', '/data/dataset-item/create', { datasetId: dataset.id, bagId: bag.id });
  }
  return (await post('rd', '/data/dataset-version/create', { datasetId: dataset.id, version: '1.0.0' })).body.data;
}

async function team(members: string[], managers = ['rd']) {
  made += 1;
  return (await post('rd', '/data/ticket-team/create', { name: `team-${made}`, managers, members })).body.data;
}

async function ticket(values: Record<string, unknown>) {
  const reply = await post('rd', '/data/ticket/create', { name: `ticket-${made}`, ticketType: 'label', batch: 'b1', jobSize: 2, ...values });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

const jobsOf = async (ticketId: number) =>
  (await get('rd', '/data/ticket-job/query', { ticketId: String(ticketId), pageSize: '100' })).body.data.records as {
    id: number;
    number: number;
    assignee: string;
    state: string;
    stage: string;
    itemCount: number;
  }[];
const ticketNow = async (id: number) => (await get('rd', '/data/ticket/get', { id: String(id) })).body.data;
const itemsOf = async (jobId: number) =>
  (await get('rd', '/data/ticket-item/query', { jobId: String(jobId), pageSize: '100' })).body.data.records as {
    id: number;
    bagId: number;
    updatedTime: string;
  }[];

describe('a ticket made from a dataset version', () => {
  it('takes its items from the version, cuts them into jobs and hands them out round robin; counts are never typed', async () => {
    const source = await version(5);
    const made = await ticket({ versionId: source.id, teamId: (await team(['ann', 'bob'])).id, dataCount: 999, status: 'done' });
    expect(made).toMatchObject({ dataCount: 5, datasetId: source.datasetId, status: 'pending', manager: 'rd', managers: ['rd'], operators: ['ann', 'bob'] });
    const jobs = await jobsOf(made.id);
    expect(jobs.map((job) => [job.number, job.itemCount, job.assignee, job.state])).toEqual([
      [1, 2, 'ann', 'new'],
      [2, 2, 'bob', 'new'],
      [3, 1, 'ann', 'new'],
    ]);
    expect((await ticketNow(made.id)).jobCount).toBe(3);
    const items = (await get('rd', '/data/ticket-item/query', { ticketId: String(made.id), pageSize: '100' })).body.data.records;
    expect(items).toHaveLength(5);
  });

  it('refuses an empty version and a version of another dataset space', async () => {
    const teamId = (await team(['ann'])).id;
    const reply = await post('rd', '/data/ticket/create', { name: 'nothing', ticketType: 'label', batch: 'b', jobSize: 2, versionId: 999_999, teamId });
    expect([reply.status, reply.body.data]).toEqual([400, { field: 'versionId' }]);
  });

  it('hands jobs to whoever has the fewest open ones, the order of the team breaking ties', async () => {
    const crew = await team(['x1', 'x2']);
    const manual = await ticket({ versionId: (await version(3)).id, teamId: crew.id, jobSize: 1, distribution: 'manual' });
    const waiting = await jobsOf(manual.id);
    expect(waiting.every((job) => job.assignee === '')).toBe(true);
    for (const job of waiting) expect((await post('rd', `/data/ticket-job/${job.id}/assign`, { assignee: 'x1' })).status).toBe(200);
    const fair = await ticket({ versionId: (await version(4)).id, teamId: crew.id, jobSize: 1, distribution: 'fewest_open' });
    expect((await jobsOf(fair.id)).map((job) => job.assignee)).toEqual(['x2', 'x2', 'x2', 'x1']);
  });

  it('two managers distributing at once give no job twice', async () => {
    const both = await team(['ann', 'bob'], ['rd', 'admin']);
    const made = await ticket({ versionId: (await version(8)).id, teamId: both.id, jobSize: 1, distribution: 'manual' });
    const [first, second] = await Promise.all([
      post('rd', `/data/ticket/${made.id}/distribute`, { mode: 'round_robin' }),
      post('admin', `/data/ticket/${made.id}/distribute`, { mode: 'round_robin' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data.given + second.body.data.given).toBe(8);
    const jobs = await jobsOf(made.id);
    expect(jobs.filter((job) => job.assignee === 'ann')).toHaveLength(4);
    expect(jobs.filter((job) => job.assignee === 'bob')).toHaveLength(4);
    const events = (await get('rd', '/data/ticket-job-event/query', { action: 'assign', pageSize: '100' })).body.data.records.filter(
      (event: { ticketId: number }) => event.ticketId === made.id,
    );
    expect(events).toHaveLength(8);
  });
});

describe('who moves a job', () => {
  it('a member works their own job; a manager reviews, rejects with a reason, and accepts; a done job stays', async () => {
    const made = await ticket({ versionId: (await version(2)).id, teamId: (await team(['ann', 'bob'])).id, jobSize: 1 });
    const [annJob, bobJob] = await jobsOf(made.id);
    expect(annJob!.assignee).toBe('ann');
    // Someone else's job is out of reach; a member does not review.
    expect((await post('ann', '/data/ticket-job/start', { ids: [bobJob!.id] })).status).toBe(404);
    expect((await post('rd', '/data/ticket-job/start', { ids: [annJob!.id] })).status).toBe(404);
    expect((await post('ann', '/data/ticket-job/start', { ids: [annJob!.id] })).status).toBe(200);
    expect((await ticketNow(made.id)).status).toBe('processing');
    expect((await post('ann', '/data/ticket-job/accept', { ids: [annJob!.id] })).status).toBe(404);
    expect((await post('ann', '/data/ticket-job/submit', { ids: [annJob!.id] })).status).toBe(200);

    // A reason the space does not keep is refused; the manager's is taken.
    const unknown = await post('rd', `/data/ticket-job/${annJob!.id}/reject`, { reason: 'whatever' });
    expect([unknown.status, unknown.body.data]).toEqual([400, { field: 'reason' }]);
    expect((await post('ann', `/data/ticket-job/${annJob!.id}/reject`, { reason: 'Range too wide' })).status).toBe(404);
    const rejected = await post('rd', `/data/ticket-job/${annJob!.id}/reject`, { reason: 'Range too wide', comment: 'cut it at the grasp' });
    expect(rejected.body.data).toEqual({ id: annJob!.id, state: 'rejected', assignee: 'ann' });
    expect((await ticketNow(made.id)).rejectedItems).toBe(1);

    // A rejected job is not submitted again before it is worked again.
    const resubmit = await post('ann', '/data/ticket-job/submit', { ids: [annJob!.id] });
    expect(resubmit.status).toBe(409);
    expect((await post('ann', '/data/ticket-job/rework', { ids: [annJob!.id] })).status).toBe(200);
    expect((await post('ann', '/data/ticket-job/submit', { ids: [annJob!.id] })).status).toBe(200);
    expect((await post('rd', '/data/ticket-job/accept', { ids: [annJob!.id] })).status).toBe(200);
    const done = (await jobsOf(made.id))[0]!;
    expect(done).toMatchObject({ state: 'done', stage: 'accepted', rejections: 1, rejectReason: 'Range too wide' });
    expect((await post('rd', `/data/ticket-job/${done.id}/assign`, { assignee: 'bob' })).status).toBe(409);
    expect((await post('rd', `/data/ticket-job/${bobJob!.id}/assign`, { assignee: 'operator' })).status).toBe(400);
    expect((await post('rd', `/data/ticket-job/${bobJob!.id}/assign`, { assignee: 'ann' })).body.data.assignee).toBe('ann');
  });

  it('marks a ticket done: with open jobs only with a reason, then nothing moves until a manager reopens it', async () => {
    const made = await ticket({ versionId: (await version(2)).id, teamId: (await team(['ann'])).id, jobSize: 1 });
    const [job] = await jobsOf(made.id);
    expect((await post('rd', '/data/ticket/markDone', { ids: [made.id] })).status).toBe(404); // no plain move: closing asks what is open
    expect((await post('ann', `/data/ticket/${made.id}/mark-done`, { reason: 'enough' })).status).toBe(404);
    const bare = await post('rd', `/data/ticket/${made.id}/mark-done`, {});
    expect([bare.status, bare.body.data]).toEqual([400, { field: 'reason' }]);
    const closed = await post('rd', `/data/ticket/${made.id}/mark-done`, { reason: 'the customer cancelled' });
    expect(closed.body.data).toMatchObject({ status: 'done', open: 2, total: 2 });
    expect(await ticketNow(made.id)).toMatchObject({ status: 'done', doneReason: 'the customer cancelled' });
    expect((await post('ann', '/data/ticket-job/start', { ids: [job!.id] })).status).toBe(409);
    expect((await post('rd', '/data/ticket/reopen', { ids: [made.id] })).status).toBe(200);
    expect((await post('ann', '/data/ticket-job/start', { ids: [job!.id] })).status).toBe(200);
  });
});

describe('annotating a recording', () => {
  it('the assignee annotates ranges while the job is open (the first starts it); others may not; accepted, the labels reach the bags', async () => {
    const source = await version(1);
    const made = await ticket({ versionId: source.id, teamId: (await team(['ann', 'bob'])).id });
    const [job] = await jobsOf(made.id);
    const [item] = await itemsOf(job!.id);
    const range = { itemId: item!.id, startOffset: 1.25, endOffset: 3.5, labelId: sceneLabel, subLabel: 'grasp' };
    expect((await post('bob', '/data/annotation/create', range)).status).toBe(403);
    const backwards = await post('ann', '/data/annotation/create', { ...range, endOffset: 1 });
    expect([backwards.status, backwards.body.data]).toEqual([400, { field: 'endOffset' }]);
    const bagDuration = (await get('rd', '/data/bag/get', { id: String(item!.bagId) })).body.data.bagDuration as number;
    const beyond = await post('ann', '/data/annotation/create', { ...range, startOffset: bagDuration, endOffset: bagDuration + 1 });
    expect([beyond.status, beyond.body.data]).toEqual([400, { field: 'endOffset' }]);
    const made1 = await post('ann', '/data/annotation/create', range);
    expect(made1.status, JSON.stringify(made1.body)).toBe(200);
    expect(made1.body.data).toMatchObject({ jobId: job!.id, bagId: item!.bagId, assignee: 'ann', ticketId: made.id });
    expect((await jobsOf(made.id))[0]!.state).toBe('in_progress');
    const extra = (await post('ann', '/data/annotation/create', { ...range, startOffset: 4, endOffset: 5 })).body.data;
    expect((await post('ann', '/data/annotation/delete', { ids: [extra.id] })).status).toBe(200);
    const verdict = await post('ann', '/data/ticket-item/update', {
      id: item!.id,
      updatedTime: (await itemsOf(job!.id))[0]!.updatedTime,
      qualityLabel: 'qualified',
    });
    expect(verdict.status, JSON.stringify(verdict.body)).toBe(200);
    await post('ann', '/data/ticket-job/submit', { ids: [job!.id] });
    // Submitted, the job is the reviewer's: its annotations stay as they are.
    expect((await post('ann', '/data/annotation/delete', { ids: [made1.body.data.id] })).status).toBe(409);
    expect((await post('rd', '/data/ticket-job/accept', { ids: [job!.id] })).status).toBe(200);
    const bag = (await get('rd', '/data/bag/get', { id: String(item!.bagId) })).body.data;
    expect(bag).toMatchObject({ qualityLabel: 'qualified', labelList: expect.arrayContaining(['Pick and place']) });
    // The next version of the dataset carries the verdict: its content differs.
    const next = (await post('rd', '/data/dataset-version/create', { datasetId: source.datasetId, version: '1.1.0' })).body.data;
    expect(next.contentHash).not.toBe(source.contentHash);
  });
});

describe('claiming', () => {
  it('members claim different jobs at once; an idle claim lapses and someone else takes it', async () => {
    const made = await ticket({
      versionId: (await version(4)).id,
      teamId: (await team(['ann', 'bob', 'operator'])).id,
      jobSize: 1,
      distribution: 'claim',
      claimIdleMinutes: 10,
    });
    expect((await jobsOf(made.id)).every((job) => job.assignee === '')).toBe(true);
    const claims = await Promise.all(['ann', 'bob', 'operator'].map((who) => post(who, `/data/ticket/${made.id}/claim`, {})));
    expect(claims.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(new Set(claims.map((reply) => reply.body.data.id)).size).toBe(3);
    expect((await post('rd', `/data/ticket/${made.id}/claim`, {})).status).toBe(403); // rd is not in the team
    const annJob = claims[0]!.body.data.id;
    expect((await post('ann', '/data/ticket-job/start', { ids: [annJob] })).status).toBe(200);
    // Nothing else left but one; ann idles past the ticket's ten minutes and bob takes hers after the last.
    expect((await post('bob', `/data/ticket/${made.id}/claim`, {})).status).toBe(200);
    expect((await post('bob', `/data/ticket/${made.id}/claim`, {})).status).toBe(409);
    t.clock.advance(6 * 60_000);
    // The operator starts hers within her hold, which then runs ten minutes from now: only ann's lapses.
    expect((await post('operator', '/data/ticket-job/start', { ids: [claims[2]!.body.data.id] })).status).toBe(200);
    t.clock.advance(5 * 60_000);
    const taken = await post('bob', `/data/ticket/${made.id}/claim`, {});
    expect(taken.body.data.id).toBe(annJob);
    expect((await post('ann', '/data/ticket-job/submit', { ids: [annJob] })).status).toBe(404);
    const manual = await ticket({ versionId: (await version(1)).id, teamId: (await team(['ann'])).id, distribution: 'manual' });
    expect((await post('ann', `/data/ticket/${manual.id}/claim`, {})).status).toBe(409);
  });
});

describe('the statistic tab', () => {
  it('counts, times and rates exactly what the scripted history did, and exports it for the chosen collectors', async () => {
    const made = await ticket({ versionId: (await version(3)).id, teamId: (await team(['ann', 'bob'])).id, jobSize: 1 });
    const [first, second, third] = await jobsOf(made.id); // ann, bob, ann
    const minute = 60_000;
    await post('ann', '/data/ticket-job/start', { ids: [first!.id] });
    t.clock.advance(10 * minute);
    await post('ann', '/data/ticket-job/submit', { ids: [first!.id] });
    await post('rd', `/data/ticket-job/${first!.id}/reject`, { reason: 'Range too wide' });
    await post('ann', '/data/ticket-job/rework', { ids: [first!.id] });
    t.clock.advance(5 * minute);
    await post('ann', '/data/ticket-job/submit', { ids: [first!.id] });
    await post('rd', '/data/ticket-job/accept', { ids: [first!.id] });
    await post('bob', '/data/ticket-job/start', { ids: [second!.id] });
    t.clock.advance(20 * minute);
    await post('bob', '/data/ticket-job/submit', { ids: [second!.id] });
    await post('rd', '/data/ticket-job/accept', { ids: [second!.id] });
    expect(third!.assignee).toBe('ann');

    const stats = (await get('rd', `/data/ticket/${made.id}/statistics`)).body.data;
    const ann = stats.members.find((row: { member: string }) => row.member === 'ann');
    const bob = stats.members.find((row: { member: string }) => row.member === 'bob');
    expect(ann).toEqual({
      member: 'ann',
      jobsAssigned: 2,
      itemsAssigned: 2,
      jobsDone: 1,
      itemsDone: 1,
      rejections: 1,
      firstPassRate: 0,
      rework: 1,
      secondsInProgress: 15 * 60,
      itemsPerHour: 4,
    });
    expect(bob).toMatchObject({ jobsDone: 1, firstPassRate: 1, rejections: 0, secondsInProgress: 20 * 60, itemsPerHour: 3 });
    expect(stats.total).toMatchObject({ jobsAssigned: 3, jobsDone: 2, itemsDone: 2, rejections: 1, firstPassRate: 0.5, secondsInProgress: 35 * 60 });
    expect(stats.perDay.reduce((sum: number, row: { items: number }) => sum + row.items, 0)).toBe(2);
    expect(stats.forecast).toMatchObject({ remainingItems: 1, itemsPerDay: 2, finishDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const csv = await t.app.inject({
      url: `/api/v1/data/ticket/${made.id}/statistics/export?collectors=ann&lang=en_US`,
      headers: { authorization: `Bearer ${tokens.rd}` },
    });
    const lines = csv.payload.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toBe(
      'Member,Jobs assigned,Items assigned,Jobs accepted,Items accepted,Rejections,First-pass acceptance,Rework,Time in progress,Items per hour',
    );
    expect(lines[1]).toBe('ann,2,2,1,1,1,0.0000,1,900,4.00');
    expect(lines).toHaveLength(3);
    const none = await api.get(`/data/ticket/${made.id}/statistics/export`, { ...as('rd'), query: { collectors: '' } });
    expect(none.status).toBe(400);
    const many = Array.from({ length: 101 }, (_, index) => `c${index}`).join(',');
    expect((await api.get(`/data/ticket/${made.id}/statistics/export`, { ...as('rd'), query: { collectors: many } })).status).toBe(400);
  });
});

describe('what a tele_operator sees', () => {
  it('only their own jobs and the tickets naming them', async () => {
    const made = await ticket({ versionId: (await version(2)).id, teamId: (await team(['ann', 'bob'])).id, jobSize: 1 });
    const seen = (await get('ann', '/data/ticket-job/query', { ticketId: String(made.id) })).body.data.records;
    expect(seen.map((job: { assignee: string }) => job.assignee)).toEqual(['ann']);
    const other = await ticket({ versionId: (await version(1)).id, teamId: (await team(['bob'])).id });
    expect((await get('ann', '/data/ticket/get', { id: String(other.id) })).status).toBe(404);
    expect((await get('ann', '/data/ticket/get', { id: String(made.id) })).status).toBe(200);
  });
});

describe('what the pages read', () => {
  it("an item's recording for its annotator (not the raw-data list's to them), and a team's open work per member", async () => {
    const crew = await team(['ann', 'bob']);
    const made = await ticket({ versionId: (await version(3)).id, teamId: crew.id, jobSize: 1 });
    const [annJob, bobJob] = await jobsOf(made.id);
    const [item] = await itemsOf(annJob!.id);
    const recording = await get('ann', `/data/ticket-item/${item!.id}/recording`);
    expect(recording.status).toBe(200);
    expect(recording.body.data).toMatchObject({
      bagId: item!.bagId,
      bagName: expect.any(String),
      durationSeconds: expect.any(Number),
      topics: expect.any(Array),
    });
    expect((await get('bob', `/data/ticket-item/${item!.id}/recording`)).status).toBe(404);
    expect((await get('ann', '/data/bag/get', { id: String(item!.bagId) })).status).toBe(403);

    await post('bob', '/data/ticket-job/start', { ids: [bobJob!.id] });
    await post('bob', '/data/ticket-job/submit', { ids: [bobJob!.id] });
    const labels = (await get('ann', `/data/ticket/${made.id}/labels`, { labelType: 'rework' })).body.data.records;
    expect(labels.map((label: { name: string }) => label.name)).toEqual(['Range too wide']);
    expect((await get('ann', '/console/label/query')).status).toBe(403);
    const work = (await get('rd', `/data/ticket-team/${crew.id}/work`)).body.data;
    expect(work).toEqual([
      { member: 'ann', open: 2, inReview: 0, rejected: 0, accepted: 0 },
      { member: 'bob', open: 0, inReview: 1, rejected: 0, accepted: 0 },
    ]);
  });
});
