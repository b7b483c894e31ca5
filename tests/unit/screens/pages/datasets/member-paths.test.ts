import { describe, expect, it } from 'vitest';
import { memberOf, memberPath } from '../../../../../src/screens/pages/datasets/member-paths';

describe('a dataset member’s page (spec §2 dc-dataset/{name}/{dataId}, logic-dataset/{name}/{dataId})', () => {
  it('is found in the route table for the kinds that have one, and read back from its path', () => {
    expect(memberPath('dc', 'bin sorting', 42)).toBe('/data/lake/raw-data/dc-dataset/bin%20sorting/42');
    expect(memberPath('logic', 'grasps', 7)).toBe('/data/lake/raw-data/logic-dataset/grasps/7');
    expect(memberPath('raw', 'picked', 7)).toBeUndefined();
    expect(memberOf('/data/lake/raw-data/dc-dataset/bin%20sorting/42')).toEqual({ name: 'bin sorting', bagId: 42, datasetType: 'dc' });
    expect(memberOf('/data/lake/raw-data-detail/42')).toBeNull();
  });
});
