import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, integer, text, textarea } from './engine/fields';

/**
 * Spec §3 official SDK upgrade (OTA) package. Spec §5: the official version is numbers.numbers.numbers.
 * A package starts PENDING; activating publishes it, deactivating withdraws it.
 */
export const otaPackage = defineEntity({
  name: 'ota-package',
  table: 'ota_packages',
  label: 'otaPackage:_',
  scope: 'platform',
  title: 'officialVersion',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['officialVersion']],
  fields: {
    officialVersion: text('otaPackage:fields.officialVersion', {
      max: 32,
      pattern: [/^\d+\.\d+\.\d+$/, 'otaPackage:rules.version'],
      example: (n) => `9.${n}.0`,
      list: { width: 140, copyable: true },
    }),
    atcArtifactId: integer('otaPackage:fields.atcArtifactId', { min: 1, required: true, filter: 'equals' }),
    status: enumOf(
      'otaPackage:fields.status',
      [
        { value: 'PENDING', label: 'otaPackage:status.PENDING', color: 'gold' },
        { value: 'ACTIVE', label: 'otaPackage:status.ACTIVE', color: 'green' },
        { value: 'INACTIVE', label: 'otaPackage:status.INACTIVE', color: 'default' },
      ],
      { initial: 'PENDING' },
    ),
    description: textarea('otaPackage:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      activate: { label: 'otaPackage:actions.activate', from: ['PENDING', 'INACTIVE'], to: 'ACTIVE', confirm: true },
      deactivate: { label: 'otaPackage:actions.deactivate', from: ['ACTIVE'], to: 'INACTIVE', confirm: true },
    },
  },
});

export type OtaPackage = EntityRecord<typeof otaPackage>;
