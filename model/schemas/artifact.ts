import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, text } from './engine/fields';
import { GIT_COMMIT } from './model-card';

/**
 * Spec §3 artifact (ATC): a built robot software package for one CPU architecture. The models it
 * carries are links to model exports (artifact-model), not typed names.
 */
export const artifact = defineEntity({
  name: 'artifact',
  table: 'artifacts',
  label: 'artifact:_',
  scope: 'tenant',
  title: 'version',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['version', 'type', 'arch']],
  fields: {
    version: text('artifact:fields.version', { max: 64, list: { width: 160, copyable: true } }),
    type: enumOf('artifact:fields.type', [
      { value: 'release', label: 'artifact:types.release', color: 'green' },
      { value: 'nightly', label: 'artifact:types.nightly', color: 'blue' },
      { value: 'dev', label: 'artifact:types.dev', color: 'default' },
    ]),
    arch: enumOf('artifact:fields.arch', [
      { value: 'x86_64', label: 'artifact:archs.x86_64', color: 'geekblue' },
      { value: 'aarch64', label: 'artifact:archs.aarch64', color: 'purple' },
    ]),
    gitBranch: text('artifact:fields.gitBranch', { max: 128, filter: 'equals', list: { width: 180 } }),
    gitCommit: text('artifact:fields.gitCommit', {
      max: 40,
      pattern: [GIT_COMMIT, 'artifact:rules.gitCommit'],
      example: (n) => n.toString(16).padStart(40, 'b'),
      filter: 'equals',
      list: { width: 120, copyable: true, ellipsis: true },
    }),
  },
});

export type Artifact = EntityRecord<typeof artifact>;
