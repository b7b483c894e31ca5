import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

/** Spec §2 "/evaluation/structured": structured-data evaluation. */
export const evaluation = catalogue(
  'evaluation',
  'menu:evaluation._',
  [
    catalogue(
      'structured',
      'menu:evaluation.structured._',
      [
        menu('dataset', 'menu:evaluation.structured.dataset'),
        menu('overview', 'menu:evaluation.structured.overview'),
        menu('records', 'menu:evaluation.structured.records'),
        detail('dataset/:structuredDatasetName', 'menu:evaluation.structured.datasetDetail', '/evaluation/structured/dataset'),
      ],
      { icon: 'evaluation', redirect: '/evaluation/structured/dataset' },
    ),
  ],
  { auth: staff },
);
