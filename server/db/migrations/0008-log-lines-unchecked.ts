import { sql, type Kysely } from 'kysely';

/**
 * A log line's tenant is no longer a checked foreign key: the check cost a lookup per line, half of
 * what storing a fast writer's output costs on the embedded database. Its instance and
 * space are written by the run that owns them; the runs module deletes a deleted instance's or
 * space's lines in the same transaction, as the cascade did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table instance_logs drop constraint if exists instance_logs_tenant_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table instance_logs add constraint instance_logs_tenant_id_fkey foreign key (tenant_id) references tenants(id) on delete cascade`.execute(db);
}
