import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface ColumnRow {
  tablename: string;
  isview: boolean;
  columnname: string;
  datatype: string;
  nullable: boolean;
  hasdefault: boolean;
  identity: boolean;
}

/**
 * Kysely's own PostgreSQL introspector reads every schema of the database, and asks for each column's
 * serial sequence by name: a schema another process drops meanwhile (one per test, per tenant
 * deployment) fails the read with "column … does not exist". The migrator only needs our schema, so
 * ours reads the search path's first schema and nothing else.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schemaname: string }>`
      select c.table_schema as schemaname, c.table_name as tablename, t.table_type = 'VIEW' as isview,
        c.column_name as columnname, c.data_type as datatype, c.is_nullable = 'YES' as nullable,
        c.column_default is not null as hasdefault, c.is_identity = 'YES' as identity
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.tablename)) continue;
      const table = tables.get(row.tablename) ?? { name: row.tablename, schema: row.schemaname, isView: row.isview, columns: [] };
      tables.set(row.tablename, table);
      table.columns.push({
        name: row.columnname,
        dataType: row.datatype,
        isNullable: row.nullable,
        hasDefaultValue: row.hasdefault || row.identity,
        isAutoIncrementing: row.identity,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting the connection's own schema only. */
export class CurrentSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
