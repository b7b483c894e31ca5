import { listView, type EntityInfo } from './engine/info';
import type { FieldView } from './view';

/** How accounts list: the declaration's columns (from the entity directory, without zod), then who made each and when. */
export const accountListView = (account: EntityInfo): FieldView[] => [
  ...listView(account),
  { name: 'creator', label: 'account:fields.creator', widget: 'account', width: 140 },
  { name: 'createdTime', label: 'account:fields.createdTime', widget: 'datetime', width: 180 },
];
