import { staff } from '../access/rules';
import { catalogue, menu } from './builders';

const DATASETS = '/evaluation/structured/dataset';

/** Spec §2 "/evaluation/structured": structured-data evaluation. */
export const evaluation = catalogue(
  'evaluation',
  'menu:evaluation._',
  [
    catalogue(
      'structured',
      'menu:evaluation.structured._',
      [
        // A dataset's page publishes its versions and lists them.
        menu('dataset', 'menu:evaluation.structured.dataset', {
          entity: 'structured-dataset',
          showBy: 'name',
          pages: { show: 'dataset/:structuredDatasetName' },
          showParts: { header: ['evaluation/publish-structured-version'] },
        }),
        // Listed on their dataset's page: a version is published (created) and never edited; a member of it is written by publishing alone.
        menu('dataset-versions', 'menu:evaluation.structured.datasetVersions', {
          entity: 'structured-dataset-version',
          hidden: true,
          activeMenu: DATASETS,
          actions: { update: [] },
        }),
        menu('version-members', 'menu:evaluation.structured.versionMembers', {
          entity: 'structured-version-member',
          hidden: true,
          activeMenu: DATASETS,
          actions: { create: [], update: [], delete: [] },
        }),
        // The structured data, and above them how the models evaluated on them did (per robot, with intervals and a baseline).
        menu('overview', 'menu:evaluation.structured.overview', {
          entity: 'structured-data',
          tools: ['evaluation/evaluation-overview'],
          showParts: { body: ['evaluation/structured-files'] },
        }),
        menu('records', 'menu:evaluation.structured.records', { entity: 'evaluation-record', tools: ['evaluation/evaluation-overview'] }),
      ],
      { icon: 'evaluation', redirect: DATASETS },
    ),
  ],
  { auth: staff },
);
