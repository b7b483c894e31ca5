import { defineEntity, type EntityRecord } from './engine/entity';
import { reference } from './engine/fields';

/**
 * Spec §3 "models" of an artifact (ATC): the model exports it ships, one link each, listed on the
 * artifact's page and on the export's. Only an export that succeeded can be linked (one not yet done
 * produced nothing to ship), of the artifact's space (server/modules/models/artifact-model-hooks.ts).
 */
export const artifactModel = defineEntity({
  name: 'artifact-model',
  table: 'artifact_models',
  label: 'artifactModel:_',
  scope: 'tenant',
  title: 'modelExportId',
  sort: { field: 'createdTime', order: 'asc' },
  unique: [['artifactId', 'modelExportId']],
  fields: {
    artifactId: reference('artifactModel:fields.artifactId', 'artifact', { required: true, edit: 'create', index: 'btree', list: { width: 200 } }),
    modelExportId: reference('artifactModel:fields.modelExportId', 'model-export', {
      required: true,
      edit: 'create',
      index: 'btree',
      offers: { status: 'success' },
      list: { width: 260 },
    }),
  },
});

export type ArtifactModel = EntityRecord<typeof artifactModel>;
