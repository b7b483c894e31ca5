import type { Db } from '../../db/tables';
import type { RecordService } from '../../engine/record-service';
import { seedCollectTickets } from './collect-tickets';
import { seedDevices } from './devices';
import { seedEvaluation } from './evaluation';
import { seedLake, seedProcessing } from './lake';
import { seedTaskFlowConsole } from './task-flow-console';
import { seedTrainingDeployment } from './training-deployment';

/** What the demo writes with: the seed's transaction (to read) and the record service within it (to write). */
export interface DemoWriter {
  db: Db;
  records: RecordService;
}

/** Fills one section's entities in the demo space (each seeding only tables still empty there). */
export type SectionSeed = (demo: DemoWriter, demoTenantId: number, now: Date) => Promise<void>;

/** The demo data of each section, in an order where references find their targets (evaluations need training's model cards). */
export const DEMO_SECTIONS: SectionSeed[] = [
  seedLake,
  seedCollectTickets,
  seedDevices,
  seedTaskFlowConsole,
  seedProcessing,
  seedTrainingDeployment,
  seedEvaluation,
];
