import type { Kysely } from 'kysely';

/**
 * Accounts became a declared entity (src/schemas/account.ts): their authors take the engine's column
 * names, and their uniqueness the unique indexes the declaration asks for (made right after the
 * migrations, at the same start), so the first table's own constraints go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').renameColumn('creator', 'created_by').execute();
  await db.schema.alterTable('accounts').renameColumn('modifier', 'updated_by').execute();
  await db.schema.alterTable('accounts').dropConstraint('accounts_tenant_code_key').execute();
  await db.schema.alterTable('accounts').dropConstraint('accounts_tenant_name_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').renameColumn('created_by', 'creator').execute();
  await db.schema.alterTable('accounts').renameColumn('updated_by', 'modifier').execute();
  await db.schema.alterTable('accounts').addUniqueConstraint('accounts_tenant_code_key', ['tenant_id', 'code']).execute();
  await db.schema.alterTable('accounts').addUniqueConstraint('accounts_tenant_name_key', ['tenant_id', 'name']).execute();
}
