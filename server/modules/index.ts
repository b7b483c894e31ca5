import type { DomainModule } from '../engine/module';
import { accessKeysModule } from './access-keys/index';
import { accountsModule } from './accounts/index';
import { auditModule } from './audit/index';
import { backupModule } from './backup/index';
import { datasetsModule } from './datasets/index';
import { evaluationModule } from './evaluation/index';
import { robotsModule } from './robots/index';
import { ticketsModule } from './tickets/index';
import { housekeepingModule } from './housekeeping/index';
import { lakeModule } from './lake/index';
import { modelsModule } from './models/index';
import { objectsModule } from './objects/index';
import { otaModule } from './ota/index';
import { runsModule } from './runs/index';
import { spaceStatsModule } from './space-stats/index';
import { tenantsModule } from './tenants/index';

/** The domains the app is built from; the next one gets a folder here and a line in this list. */
export const DOMAIN_MODULES: DomainModule[] = [
  tenantsModule,
  accountsModule,
  accessKeysModule,
  spaceStatsModule,
  auditModule,
  housekeepingModule,
  backupModule,
  objectsModule,
  lakeModule,
  datasetsModule,
  ticketsModule,
  robotsModule,
  runsModule,
  modelsModule,
  otaModule,
  evaluationModule,
];
