import type { Db } from '../tables';

/** Fills one section's entities in the demo space (each seeding only tables still empty there). */
export type SectionSeed = (db: Db, demoTenantId: number, now: Date) => Promise<void>;

/** The demo data of each section, in an order where references find their targets. */
export const DEMO_SECTIONS: SectionSeed[] = [];
