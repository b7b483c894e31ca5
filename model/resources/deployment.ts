import { staff } from '../access/rules';
import { catalogue, menu } from './builders';

/** Spec §2 "/deployment/artifact": ATC artifacts and their CT tests. */
export const deployment = catalogue(
  'deployment',
  'menu:deployment._',
  [
    catalogue(
      'artifact',
      'menu:deployment.artifact._',
      [
        menu('atc', 'menu:deployment.artifact.atc', { entity: 'artifact' }),
        menu('atc-ct', 'menu:deployment.artifact.atcCt', { entity: 'ct-record' }),
        // Listed on an artifact's page and a model export's: the exports an artifact ships. Whoever may write
        // artifacts (staff) adds and removes them; a link has nothing to edit.
        menu('models', 'menu:deployment.artifact.models', {
          entity: 'artifact-model',
          hidden: true,
          activeMenu: '/deployment/artifact/atc',
          actions: { update: [] },
        }),
      ],
      { icon: 'artifact', redirect: '/deployment/artifact/atc' },
    ),
  ],
  { auth: staff },
);
