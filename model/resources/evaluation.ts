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
        // The structured data, and above them how the models evaluated on them did (per robot, with intervals and a baseline).
        menu('overview', 'menu:evaluation.structured.overview', {
          entity: 'structured-data',
          tools: ['evaluation/evaluation-overview'],
          showParts: { body: ['evaluation/structured-files'] },
        }),
        menu('records', 'menu:evaluation.structured.records', { entity: 'evaluation-record', tools: ['evaluation/evaluation-overview'] }),
      ],
      { icon: 'evaluation', redirect: '/evaluation/structured/dataset' },
    ),
  ],
  { auth: staff },
);
