import type { AccountRecord } from '../../model/schemas/account';
import type { CurrentUser } from '../../model/schemas/session';
import { api } from './http';

const CURRENT_USER = '/console/account/get-cur-user-info';
const ACCOUNT_DIRECTORY = '/console/account/query';
const EVERY_ACCOUNT = { pageSize: -1, pageNum: 1 };

/** Spec §4 session load: the current user, and the space's accounts (for names in place of codes). */
export const sessionRequests = {
  currentUser: () => api.get<CurrentUser>(CURRENT_USER),
  accountDirectory: () => api.get<{ records: AccountRecord[] }>(ACCOUNT_DIRECTORY, EVERY_ACCOUNT),
  /** The directory sent early, if its answer has come: taken now, so the first render has the names. */
  answeredDirectory: () => api.answered<{ records: AccountRecord[] }>(ACCOUNT_DIRECTORY, EVERY_ACCOUNT)?.value,
  /** Both, sent before the layout that reads them has loaded; the directory not while the server would refuse it (428). */
  startEarly: (mustChangePassword = false) => {
    api.getEarly(CURRENT_USER);
    if (!mustChangePassword) api.getEarly(ACCOUNT_DIRECTORY, EVERY_ACCOUNT);
  },
};
