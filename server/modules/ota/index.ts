import type { DomainModule } from '../../engine/module';
import { artifactHooks, otaPackageHooks } from './ota-package-hooks';

/** Spec §3 official upgrade (OTA) packages: published from artifacts that passed their CT, one ACTIVE per artifact type and space. */
export const otaModule: DomainModule = {
  name: 'ota',
  setup: () => ({ hooks: { 'ota-package': otaPackageHooks, artifact: artifactHooks } }),
};
