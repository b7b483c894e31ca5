import type { AccountRecord } from '../../model/schemas/account';
import type { TenantRecord } from '../../model/schemas/tenant';

const unlimited = { limited: false, amount: null };

export const tenantOf = (internal = false): TenantRecord => ({
  id: internal ? 1 : 2,
  code: internal ? 'platform' : 'demo',
  name: internal ? 'Platform' : 'Demo',
  internal,
  rawDataStorageQuota: unlimited,
  rawDataDownloadQuota: unlimited,
  description: '',
  createdBy: 'seed',
  updatedBy: 'seed',
  createdTime: '',
  updatedTime: '',
});

export const accountOf = (role: string, overrides: Partial<AccountRecord> = {}): AccountRecord => ({
  id: 7,
  tenantId: 2,
  code: 'someone',
  name: 'Some One',
  email: '',
  role,
  description: '',
  mustChangePassword: false,
  creator: 'seed',
  modifier: 'seed',
  createdTime: '',
  updatedTime: '',
  ...overrides,
});
