import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, createSample, nameOf, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** Declared counters (countOf) follow the records they count: created, moved, deleted, in bulk. */
const { api } = useTestApp();
const tokens = new Map<string, string>();
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
});
const admin = () => ({ token: tokens.get('demo/admin')! });
const counts = async (id: number) => {
  const { rawDataCount, labelTicketCount, processingTicketCount, trainingSetCount } = (
    await api.get('/data/dataset/get', { ...admin(), query: { id: String(id) } })
  ).body.data;
  return { rawDataCount, labelTicketCount, processingTicketCount, trainingSetCount };
};

describe('a dataset counts what points at it', () => {
  it('its bags, as items are added and removed', async () => {
    const dataset = await createSample(api, resourceOf('dataset'), admin().token);
    const bags = await Promise.all([1, 2, 3].map(() => createSample(api, resourceOf('bag'), admin().token)));
    const items = [];
    for (const bag of bags) items.push((await api.post('/data/dataset-item/create', { datasetId: dataset.id, bagId: bag.id }, admin())).body.data);
    expect(await counts(dataset.id)).toMatchObject({ rawDataCount: 3 });
    await api.post('/data/dataset-item/delete', { ids: [items[0].id, items[1].id] }, admin());
    expect(await counts(dataset.id)).toMatchObject({ rawDataCount: 1 });
  });

  it('its label and processing tickets by type, following a ticket that changes type; a ticket stays with the dataset of its version', async () => {
    const [first, second] = [await createSample(api, resourceOf('dataset'), admin().token), await createSample(api, resourceOf('dataset'), admin().token)];
    const version = await createSample(api, resourceOf('dataset-version'), admin().token, { dataset: first.id });
    const label = await createSample(api, resourceOf('ticket'), admin().token, { 'dataset-version': version.id });
    await api.post('/data/ticket/update', { id: label.id, updatedTime: label.updatedTime, ticketType: 'label' }, admin());
    expect(await counts(first.id)).toMatchObject({ labelTicketCount: 1, processingTicketCount: 0 });
    const current = (await api.get('/data/ticket/get', { ...admin(), query: { id: String(label.id) } })).body.data;
    const moved = await api.post(
      '/data/ticket/update',
      { id: label.id, updatedTime: current.updatedTime, ticketType: 'processing', datasetId: second.id },
      admin(),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.datasetId).toBe(first.id);
    expect(await counts(first.id)).toMatchObject({ labelTicketCount: 0, processingTicketCount: 1 });
    expect(await counts(second.id)).toMatchObject({ labelTicketCount: 0, processingTicketCount: 0 });
  });

  it('cannot be set by hand', async () => {
    const dataset = await createSample(api, resourceOf('dataset'), admin().token);
    const reply = await api.post('/data/dataset/update', { id: dataset.id, updatedTime: dataset.updatedTime, trainingSetCount: 40 }, admin());
    expect(reply.body.data?.trainingSetCount ?? (await counts(dataset.id)).trainingSetCount).toBe(0);
  });
});
