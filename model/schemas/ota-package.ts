import { artifact } from './artifact';
import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, integer, reference, text, textarea } from './engine/fields';
import type { EnumOption } from './engine/types';

/** What the server copies from the package's artifact when the package is made: nobody types it, and it never changes after. */
const fromArtifact = { edit: false, required: false } as const;

/** The artifact's options under this entity's own texts (its list shows them without the artifact's namespace). */
const artifactOptions = (options: readonly EnumOption[] | undefined, group: string): EnumOption[] =>
  (options ?? []).map(({ value, color }) => ({ value, label: `otaPackage:${group}.${value}`, ...(color ? { color } : {}) }));

/**
 * Spec §3 official SDK upgrade (OTA) package. Spec §5: the official version is numbers.numbers.numbers.
 *
 * A package publishes one artifact of a space (`atcArtifactId`, chosen when it is made), and only an
 * artifact that has passed its CT (server/modules/ota/ct-passed.ts). Its life is one way:
 * PENDING → ACTIVE → INACTIVE; a withdrawn version is never published again (a rollback is a new
 * official version). At most one package is ACTIVE per artifact type and space: activating one
 * withdraws the one it replaces in the same write, and a partial unique index holds it in the
 * database. The robots of the space learn the ACTIVE ones from their heartbeat's answer.
 *
 * atcArtifactId stays a number, not a `reference`: the artifact is of a space, the package of the
 * platform, and a reference picks only from the writer's own space. The server checks it and copies
 * the artifact's space, type, arch and version onto the package, which the list shows.
 */
export const otaPackage = defineEntity({
  name: 'ota-package',
  table: 'ota_packages',
  label: 'otaPackage:_',
  scope: 'platform',
  title: 'officialVersion',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['officialVersion']],
  uniqueWhere: [{ fields: ['artifactTenantId', 'artifactType'], where: { status: 'ACTIVE' } }],
  fields: {
    officialVersion: text('otaPackage:fields.officialVersion', {
      max: 32,
      pattern: [/^\d+\.\d+\.\d+$/, 'otaPackage:rules.version'],
      example: (n) => `9.${n}.0`,
      list: { width: 140, copyable: true },
    }),
    atcArtifactId: integer('otaPackage:fields.atcArtifactId', {
      min: 1,
      required: true,
      edit: 'create',
      filter: 'equals',
      help: 'otaPackage:help.atcArtifactId',
      list: { width: 120 },
    }),
    artifactTenantId: reference('otaPackage:fields.artifactTenantId', 'tenant', { ...fromArtifact, list: { width: 140 } }),
    artifactVersion: text('otaPackage:fields.artifactVersion', { ...fromArtifact, max: 64, filter: false, list: { width: 180 } }),
    artifactType: enumOf('otaPackage:fields.artifactType', artifactOptions(artifact.fields.type.options, 'artifactTypes'), fromArtifact),
    artifactArch: enumOf('otaPackage:fields.artifactArch', artifactOptions(artifact.fields.arch.options, 'artifactArchs'), fromArtifact),
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
      activate: { label: 'otaPackage:actions.activate', from: ['PENDING'], to: 'ACTIVE', confirm: true },
      deactivate: { label: 'otaPackage:actions.deactivate', from: ['ACTIVE'], to: 'INACTIVE', confirm: true },
    },
  },
});

export type OtaPackage = EntityRecord<typeof otaPackage>;
