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
      [menu('atc', 'menu:deployment.artifact.atc', { entity: 'artifact' }), menu('atc-ct', 'menu:deployment.artifact.atcCt', { entity: 'ct-record' })],
      { icon: 'artifact', redirect: '/deployment/artifact/atc' },
    ),
  ],
  { auth: staff },
);
