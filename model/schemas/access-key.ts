import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, text, textarea } from './engine/fields';

/**
 * An account's API access key. The server generates its id and secret on create (the secret is
 * shown once, then only its hash is kept) and makes the caller its owner.
 */
export const accessKey = defineEntity({
  name: 'access-key',
  table: 'access_keys',
  label: 'accessKey:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['accessKeyId']],
  foundBy: 'accessKeyId',
  // Kept as a key is used (at most once a minute): not worth an audit event each time.
  progress: ['lastUsedAt'],
  fields: {
    name: text('accessKey:fields.name', { max: 64, list: { width: 180 } }),
    accessKeyId: text('accessKey:fields.accessKeyId', { required: false, edit: false, filter: 'equals', list: { width: 220, copyable: true } }),
    // Kept for verifying the secret later; never leaves the server (every record reads it as '').
    secretHash: { ...text('accessKey:fields.secretHash', { required: false, edit: false, list: false, show: false, filter: false }), fromDb: () => '' },
    owner: text('accessKey:fields.owner', { required: false, edit: false, filter: 'equals', list: { width: 110 } }),
    status: enumOf(
      'accessKey:fields.status',
      [
        { value: 'enabled', label: 'accessKey:status.enabled', color: 'green' },
        { value: 'disabled', label: 'accessKey:status.disabled', color: 'default' },
      ],
      { initial: 'enabled' },
    ),
    expiresAt: datetime('accessKey:fields.expiresAt'),
    lastUsedAt: datetime('accessKey:fields.lastUsedAt', { edit: false, filter: false }),
    description: textarea('accessKey:fields.description', { max: 200 }),
  },
  states: {
    field: 'status',
    actions: {
      disable: { label: 'accessKey:actions.disable', from: ['enabled'], to: 'disabled', confirm: true },
      enable: { label: 'accessKey:actions.enable', from: ['disabled'], to: 'enabled' },
    },
  },
});

export type AccessKey = EntityRecord<typeof accessKey>;
