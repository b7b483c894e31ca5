import { datetime, enumOf, text } from './engine/fields';

/**
 * What a key a device reports with is made of: the device it is bound to (it can report for that
 * device alone and reads nothing else), its name, its id, its secret's hash, whether it is enabled
 * and when it was last used. The server makes the id and secret; the secret is shown once.
 * A robot's keys and a compile server's keys are each their own entity: these fields and the device.
 */
export function deviceKeyFields(namespace: string) {
  return {
    name: text(`${namespace}:fields.name`, { max: 64, list: { width: 160 } }),
    keyId: text(`${namespace}:fields.keyId`, { required: false, edit: false, filter: 'equals', list: { width: 230, copyable: true } }),
    // Kept for verifying the secret; never leaves the server (every record reads it as '').
    secretHash: { ...text(`${namespace}:fields.secretHash`, { required: false, edit: false, list: false, show: false, filter: false }), fromDb: () => '' },
    status: enumOf(
      `${namespace}:fields.status`,
      [
        { value: 'enabled', label: 'accessKey:status.enabled', color: 'green' },
        { value: 'disabled', label: 'accessKey:status.disabled', color: 'default' },
      ],
      { initial: 'enabled' },
    ),
    lastUsedAt: datetime(`${namespace}:fields.lastUsedAt`, { edit: false, filter: false }),
  } as const;
}

/** Keys are switched off and on again, as access keys are. */
export const DEVICE_KEY_STATES = {
  field: 'status',
  actions: {
    disable: { label: 'accessKey:actions.disable', from: ['enabled'], to: 'disabled', confirm: true },
    enable: { label: 'accessKey:actions.enable', from: ['disabled'], to: 'enabled' },
  },
} as const;
