import { staff } from '../access/rules';
import { catalogue, menu } from './builders';

/** Spec §2 "/evaluation/structured": structured-data evaluation. */
export const evaluation = catalogue(
  'evaluation',
  'menu:evaluation._',
  [
    catalogue(
      'structured',
      'menu:evaluation.structured._',
      [
        menu('dataset', 'menu:evaluation.structured.dataset', {
          entity: 'structured-dataset',
          showBy: 'name',
          pages: { show: 'dataset/:structuredDatasetName' },
        }),
        menu('overview', 'menu:evaluation.structured.overview', { entity: 'structured-data' }),
        menu('records', 'menu:evaluation.structured.records', { entity: 'evaluation-record' }),
      ],
      { icon: 'evaluation', redirect: '/evaluation/structured/dataset' },
    ),
  ],
  { auth: staff },
);
