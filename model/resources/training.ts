import { staff } from '../access/rules';
import { MODEL_OVERVIEW_PATH } from '../schemas/model-overview-path';
import { catalogue, menu } from './builders';

/** Spec §2 "/training": training records, model cards and model export. */
export const training = catalogue(
  'training',
  'menu:training._',
  [
    // A record's page charts the metrics its latest run reported.
    menu('records', 'menu:training.records', { icon: 'training', entity: 'training-record', showParts: { body: ['instances/training-metrics'] } }),
    // Listed on a training record's page and a dataset version's: the versions a run trains on.
    menu('record-datasets', 'menu:training.recordDatasets', { entity: 'training-record-dataset', hidden: true, activeMenu: '/training/records' }),
    catalogue(
      'model',
      'menu:training.model._',
      [
        // A training run's success makes a card (nobody types one); its page shows where it came from, its files and its run's metrics.
        menu('all', 'menu:training.model.all', {
          entity: 'model-card',
          pages: { show: 'all/:modelCardId' },
          actions: { create: [] },
          showParts: { body: ['models/model-card-lineage', 'models/model-card-files', 'models/model-card-metrics'] },
        }),
        // The space's models by type, each by its newest version with its newest evaluations.
        menu('overview', 'menu:training.model.overview', { page: 'models/model-overview', pageData: MODEL_OVERVIEW_PATH }),
        // An export's page lists the artifact its run produced.
        menu('export', 'menu:training.model.export', { entity: 'model-export', showParts: { body: ['models/model-export-files'] } }),
        // Listed on a model card's page and a dataset version's: the datasets with version a card was trained on.
        menu('datasets', 'menu:training.model.datasets', {
          entity: 'model-card-dataset',
          hidden: true,
          activeMenu: '/training/model/all',
          actions: { create: [], update: [], delete: [] }, // the lineage the run wrote
        }),
      ],
      { icon: 'model' },
    ),
  ],
  { auth: staff, redirect: '/training/records' },
);
