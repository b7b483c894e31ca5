import type { FieldView } from './view';

/** How accounts list (kept apart from the zod rules so a list page does not load the validator). */
export const accountListView: FieldView[] = [
  { name: 'code', label: 'account:fields.code', copyable: true, width: 160 },
  { name: 'name', label: 'account:fields.name', width: 160 },
  { name: 'role', label: 'account:fields.role', widget: 'roles', width: 220 },
  { name: 'email', label: 'account:fields.email', width: 200 },
  { name: 'description', label: 'account:fields.description', ellipsis: true, width: 240 },
  { name: 'creator', label: 'account:fields.creator', widget: 'account', width: 140 },
  { name: 'createdTime', label: 'account:fields.createdTime', widget: 'datetime', width: 180 },
];
