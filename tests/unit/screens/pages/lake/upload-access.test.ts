import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../../model/access/roles';
import { staff } from '../../../../../model/access/rules';
import { accessControlProvider } from '../../../../../src/providers/access-control';
import { sessionStore } from '../../../../../src/providers/session-store';
import { entryByPath } from '../../../../../model/resources/index';
import { LIST_TOOLS } from '../../../../../src/screens/route-modules';
import { accountOf, tenantOf } from '../../../fixtures';
import { mockApi } from '../../../msw';

mockApi(); // checks are local: any request fails the test

const RAW_DATA = '/data/lake/raw-data';
const can = async (action: string) => (await accessControlProvider.can!({ resource: RAW_DATA, action })).can;

describe('the raw-data list’s upload', () => {
  it('is a tool of the list, declared with who may upload: the list’s own readers (the server’s guard reads the same)', async () => {
    const list = entryByPath.get(RAW_DATA)!;
    expect(list.actions?.upload).toEqual(staff);
    expect(list.tools).toHaveLength(1);
    expect((await LIST_TOOLS[list.tools![0]!]!()).default).toBeTypeOf('function');
  });

  it.each(ROLES)('is offered to %s exactly when the list opens for them', async (role) => {
    sessionStore.save('token', accountOf(role), tenantOf(false));
    expect(await can('upload')).toBe(await can('list'));
    expect(await can('upload')).toBe(role !== 'tele_operator');
  });
});
