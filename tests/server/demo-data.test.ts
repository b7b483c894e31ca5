import { describe, expect, it } from 'vitest';
import { createPayload } from '../../model/schemas/engine/entity';
import { bag } from '../../model/schemas/bag';
import { demoBags } from '../../server/modules/demo/demo-bags';
import { seedDemoRecords } from '../../server/modules/demo/demo-data';
import { useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

describe('demo data', () => {
  it('fills the demo space and the platform catalogues once, and every list shows rows', async () => {
    await seedDemoRecords(t.records, t.clock());
    await seedDemoRecords(t.records, t.clock()); // idempotent
    const demo = await api.token('demo', 'admin');
    const platform = await api.token('platform', 'admin');
    const total = async (path: string, token: string) => (await api.get(`${path}/query`, { token })).body.data.total;
    expect(await total('/data/bag', demo)).toBe(400);
    expect(await total('/console/label', demo)).toBe(8);
    expect(await total('/console/task-image', platform)).toBe(3);
    expect(await total('/console/template-task', platform)).toBe(4);
    expect(await total('/console/ota-package', platform)).toBe(3);
    // Each publishes a demo artifact that passed its CT (the seed goes through the package rules), one ACTIVE per artifact type.
    const packages = (await api.get('/console/ota-package/query', { token: platform })).body.data.records as {
      status: string;
      artifactType: string;
      artifactVersion: string;
    }[];
    expect(packages.every((row) => row.artifactVersion !== '')).toBe(true);
    const active = packages.filter((row) => row.status === 'ACTIVE').map((row) => row.artifactType);
    expect(active).toHaveLength(1);
    expect(new Set(active).size).toBe(active.length);
    expect(await total('/console/feedback', platform)).toBe(3);
    const labels = (await api.get('/console/label/query', { token: demo })).body.data.records.map((row: { name: string }) => row.name);
    expect(labels).toEqual(expect.arrayContaining(['Drop Error', 'Object Too Small', 'Bag End Too Early', 'Range Too Wide']));
  });

  it('holds bags that pass the bag rules themselves', () => {
    const rule = createPayload(bag);
    for (const row of demoBags(2, 200, new Date('2026-11-22T00:00:00Z'))) {
      const { tenantId: _t, createdBy: _c, updatedBy: _u, createdTime: _ct, updatedTime: _ut, ...fields } = row;
      const input = { ...fields, bagStartTime: fields.bagStartTime.toISOString(), bagEndTime: fields.bagEndTime.toISOString() };
      const verdict = rule.safeParse(input);
      expect(verdict.success, JSON.stringify(verdict.error?.issues[0])).toBe(true);
    }
  });
});
