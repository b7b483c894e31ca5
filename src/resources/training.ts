import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

/** Spec §2 "/training": training records, model cards and model export. */
export const training = catalogue(
  'training',
  'menu:training._',
  [
    menu('records', 'menu:training.records', { icon: 'training' }),
    catalogue(
      'model',
      'menu:training.model._',
      [
        menu('all', 'menu:training.model.all'),
        detail('all/:modelCardId', 'menu:training.model.detail', '/training/model/all'),
        menu('overview', 'menu:training.model.overview'),
        menu('export', 'menu:training.model.export'),
      ],
      { icon: 'model' },
    ),
  ],
  { auth: staff, redirect: '/training/records' },
);
