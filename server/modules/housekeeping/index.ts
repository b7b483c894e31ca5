import type { DomainModule } from '../../engine/module';
import { housekeepingJobs } from './housekeeping-jobs';

/** The server's own upkeep: sign-in leftovers swept, finished jobs pruned, PGlite vacuumed. */
export const housekeepingModule: DomainModule = {
  name: 'housekeeping',
  setup: ({ kind, config }) => ({ jobs: () => housekeepingJobs({ kind, sessionIdleMs: config.sessionIdleMs }) }),
};
