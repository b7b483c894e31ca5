import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../../../src/providers/i18n';
import { sessionStore } from '../../../../../src/providers/session-store';
import AnnotatePage, { catalogues } from '../../../../../src/screens/pages/tickets/annotate';
import type { Annotation, Item, Job } from '../../../../../src/screens/pages/tickets/tickets-api';
import type { Recording } from '../../../../../src/screens/pages/tickets/annotate/recording-api';
import { installBrowserShims } from '../../../browser-shims';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';
import { byTestId, renderAt } from '../instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
beforeAll(() => installBrowserShims());
beforeAll(() => loadNamespaces(catalogues), 30_000);

const API = '*/api/v1';
const job = (id: number, number: number, assignee: string, state: Job['state']): Job => ({
  id,
  ticketId: 7,
  number,
  itemCount: 2,
  assignee,
  managers: ['boss'],
  stage: state === 'submitted' ? 'review' : 'annotate',
  state,
  rejectReason: '',
  rejectComment: '',
  rejections: 0,
  claimedUntil: null,
  updatedTime: '2026-11-01T00:00:00.000Z',
});
const jobs = [job(5, 1, 'ann', 'in_progress'), job(6, 2, 'ann', 'submitted')];
const item = (id: number, jobId: number, bagName: string): Item => ({
  id,
  ticketId: 7,
  jobId,
  bagId: id + 900,
  clipStart: 10,
  clipEnd: 50,
  assignee: 'ann',
  qualityLabel: 'unchecked',
  qualitySubLabel: '',
  note: '',
  updatedTime: '2026-11-01T00:00:00.000Z',
  titles: { bagId: bagName },
});
const recording: Recording = {
  bagId: 951,
  bagName: 'pick-cup-0001.mcap',
  robotType: 'arm-7',
  start: '2026-11-01T00:00:00.000Z',
  end: '2026-11-01T00:01:00.000Z',
  durationSeconds: 60,
  clipStart: 10,
  clipEnd: 50,
  topics: [
    {
      topic: '/camera/front',
      messageType: 'sensor_msgs/Image',
      messageCount: 1800,
      frequencyHz: 30,
      start: recording0(0),
      end: recording0(60),
      density: [0, 5, 10],
    },
    { topic: '/joint_states', messageType: 'sensor_msgs/JointState', messageCount: 600, frequencyHz: 10, start: recording0(5), end: recording0(55) },
  ],
};
function recording0(seconds: number) {
  return new Date(Date.parse('2026-11-01T00:00:00.000Z') + seconds * 1000).toISOString();
}
const annotation: Annotation = {
  id: 300,
  itemId: 51,
  jobId: 5,
  bagId: 951,
  startOffset: 12.5,
  endOffset: 18.25,
  labelId: 1,
  subLabel: 'left hand',
  description: 'reaches for the cup',
  assignee: 'ann',
  updatedTime: '2026-11-01T00:00:00.000Z',
  titles: { labelId: 'Grasp' },
};
const labels = [
  { id: 1, name: 'Grasp', labelType: 'scene' },
  { id: 2, name: 'Drop Error', labelType: 'failure' },
];

/** The ticket's calls as the server answers them; what the page writes is kept to look at. */
function serveTicket() {
  const writes: { url: string; body: unknown }[] = [];
  const page = (records: unknown[]) => HttpResponse.json(envelope({ records, total: records.length }));
  server.use(
    mock.get(`${API}/data/ticket-job/query`, () => page(jobs)),
    mock.get(`${API}/data/ticket-item/query`, ({ request }) => {
      const jobId = Number(new URL(request.url).searchParams.get('jobId'));
      return page(jobId === 5 ? [item(51, 5, 'pick-cup-0001.mcap'), item(52, 5, 'pick-cup-0002.mcap')] : [item(61, 6, 'pour-0001.mcap')]);
    }),
    mock.get(`${API}/data/ticket-item/:id/recording`, () => HttpResponse.json(envelope(recording))),
    mock.get(`${API}/data/annotation/query`, ({ request }) => page(new URL(request.url).searchParams.get('itemId') === '51' ? [annotation] : [])),
    mock.get(`${API}/data/ticket/:id/labels`, () => page(labels)),
    mock.post(`${API}/data/annotation/update`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ url: request.url, body });
      return HttpResponse.json(envelope({ ...annotation, ...body }));
    }),
    mock.post(`${API}/data/annotation/delete`, async ({ request }) => {
      writes.push({ url: request.url, body: await request.json() });
      return HttpResponse.json(envelope({ deleted: 1 }));
    }),
    mock.post(`${API}/data/ticket-item/update`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ url: request.url, body });
      return HttpResponse.json(envelope({ ...item(51, 5, 'pick-cup-0001.mcap'), ...body, updatedTime: '2026-11-01T00:05:00.000Z' }));
    }),
  );
  return writes;
}

const signIn = (code: string) => sessionStore.save('token', accountOf('tele_operator', { code }), tenantOf(false));
const present = (testId: string) => document.querySelector(`[data-testid="${testId}"]`) !== null;
const press = (key: string) => act(() => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));

/** Types into an antd number input as a user would (React reads the native value setter's change). */
const type = (input: HTMLInputElement, text: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('the annotating page', () => {
  it('gives the job’s assignee the range form, the verdict and Submit, over the recording’s timeline', async () => {
    signIn('ann');
    const writes = serveTicket();
    await renderAt(<AnnotatePage />, '/data/lake/rawDetail/:ticketId', '/data/lake/rawDetail/7');
    await byTestId('range-start');
    expect(present('range-end')).toBe(true);
    expect(present('range-label')).toBe(true);
    expect(present('range-save')).toBe(true);
    expect(present('verdict-qualified')).toBe(true);
    expect(present('job-submit')).toBe(true);
    expect(present('job-read-only')).toBe(false);
    const timeline = await byTestId('recording-timeline');
    expect(timeline.querySelectorAll('[data-testid="timeline-row"]')).toHaveLength(2);
    // one density bar per busy slice; the topic without densities falls back to its first-to-last bar
    expect(timeline.querySelectorAll('[data-testid="timeline-row"]')[0]!.querySelectorAll('rect')).toHaveLength(2);
    expect(timeline.querySelectorAll('[data-testid="timeline-row"]')[1]!.querySelector('[role=img]')?.getAttribute('aria-label')).toContain('00:00:05');
    expect(timeline.querySelector<HTMLElement>('[data-testid="timeline-clip"]')?.style.left).toMatch(/^16\.66/);
    expect(timeline.querySelector('[data-annotation-id="300"]')?.textContent).toBe('Grasp');
    expect((await byTestId('annotation-table')).textContent).toContain('reaches for the cup');
    expect((await byTestId('item-list')).textContent).toContain('pick-cup-0002.mcap');

    // q: judged qualified, as the item was when read
    press('q');
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ id: 51, updatedTime: '2026-11-01T00:00:00.000Z', qualityLabel: 'qualified', qualitySubLabel: '' });
  }, 30_000);

  it('shows someone else’s job read-only: the timeline and annotations, no form, verdict buttons nor Submit', async () => {
    signIn('boss');
    const writes = serveTicket();
    await renderAt(<AnnotatePage />, '/data/lake/rawDetail/:ticketId', '/data/lake/rawDetail/7');
    await byTestId('recording-timeline');
    await vi.waitFor(() => expect(document.querySelector('[data-testid="annotation-table"]')?.textContent).toContain('Grasp'));
    expect((await byTestId('job-read-only')).textContent).toContain('ann');
    for (const testId of [
      'range-start',
      'range-end',
      'range-label',
      'range-save',
      'verdict-qualified',
      'verdict-unqualified',
      'job-submit',
      'annotation-delete',
    ])
      expect(present(testId), testId).toBe(false);
    press('q');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toEqual([]);
  }, 30_000);

  it('shows the assignee’s own submitted job read-only too', async () => {
    signIn('ann');
    serveTicket();
    await renderAt(<AnnotatePage />, '/data/lake/rawDetail/:ticketId', '/data/lake/rawDetail/7?job=6');
    await byTestId('recording-timeline');
    expect((await byTestId('job-read-only')).textContent).toContain('已提交');
    expect(present('range-start')).toBe(false);
    expect(present('job-submit')).toBe(false);
    expect((await byTestId('item-list')).textContent).toContain('pour-0001.mcap');
  }, 30_000);

  it('lets the assignee change an annotation and save it with Enter, and delete it with Delete once confirmed', async () => {
    signIn('ann');
    const writes = serveTicket();
    await renderAt(<AnnotatePage />, '/data/lake/rawDetail/:ticketId', '/data/lake/rawDetail/7');
    const edit = await byTestId('annotation-edit');
    await act(async () => edit.click());
    const end = document.querySelector<HTMLInputElement>('input[data-testid="range-end"]')!;
    await vi.waitFor(() => expect(document.querySelector<HTMLInputElement>('input[data-testid="range-start"]')!.value).toBe('12.500'));
    await type(end, '20');
    end.blur();
    press('Enter');
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url).toContain('/data/annotation/update');
    expect(writes[0]!.body).toEqual({
      id: 300,
      updatedTime: '2026-11-01T00:00:00.000Z',
      startOffset: 12.5,
      endOffset: 20,
      labelId: 1,
      subLabel: 'left hand',
      description: 'reaches for the cup',
    });

    // the annotation edited is the one picked: Delete asks first, and deletes only once confirmed
    press('Delete');
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal');
      expect(found?.textContent).toContain('Grasp');
      return found!;
    });
    expect(writes).toHaveLength(1);
    await act(async () => dialog.querySelector<HTMLButtonElement>('.ant-btn-dangerous')!.click());
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.url).toContain('/data/annotation/delete');
    expect(writes[1]!.body).toEqual({ ids: [300] });
  }, 30_000);
});
