import type { DomainModule } from '../../engine/module';
import { accessKeyHooks } from './access-key-hooks';

/** API access keys: issued with a secret shown once. */
export const accessKeysModule: DomainModule = {
  name: 'access-keys',
  setup: () => ({ hooks: { 'access-key': accessKeyHooks } }),
};
