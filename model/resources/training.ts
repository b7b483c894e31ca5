import { staff } from '../access/rules';
import { catalogue, menu } from './builders';

/** Spec §2 "/training": training records, model cards and model export. */
export const training = catalogue(
  'training',
  'menu:training._',
  [
    menu('records', 'menu:training.records', { icon: 'training', entity: 'training-record' }),
    // Listed on a training record's page and a dataset version's: the versions a run trains on.
    menu('record-datasets', 'menu:training.recordDatasets', { entity: 'training-record-dataset', hidden: true, activeMenu: '/training/records' }),
    catalogue(
      'model',
      'menu:training.model._',
      [
        menu('all', 'menu:training.model.all', { entity: 'model-card', pages: { show: 'all/:modelCardId' } }),
        // A second list of the cards (the spec names the page, not what sets it apart).
        menu('overview', 'menu:training.model.overview', { entity: 'model-card' }),
        menu('export', 'menu:training.model.export', { entity: 'model-export' }),
        // Listed on a model card's page and a dataset version's: the datasets with version a card was trained on.
        menu('datasets', 'menu:training.model.datasets', { entity: 'model-card-dataset', hidden: true, activeMenu: '/training/model/all' }),
      ],
      { icon: 'model' },
    ),
  ],
  { auth: staff, redirect: '/training/records' },
);
