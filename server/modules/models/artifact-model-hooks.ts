import { sql } from 'kysely';
import { artifactModel } from '../../../model/schemas/artifact-model';
import { actorTenant } from '../../engine/actor';
import type { EntityHooks } from '../../engine/hooks';
import { ApiError } from '../../http/api-error';

/**
 * An artifact ships only model exports that succeeded: one pending, running or failed produced
 * nothing to ship (400 on the link's field). The export is looked for in the writer's space only; one
 * of another space is left to the engine's reference check, which refuses it as not found (400).
 */
export const artifactModelHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const { rows } = await sql<{ targetModelId: string; status: string }>`
      select target_model_id, status from model_exports where id = ${Number(input.modelExportId)} and tenant_id = ${actorTenant(context.actor)}`.execute(
      context.db,
    );
    const found = rows[0];
    if (found && found.status !== 'success')
      throw new ApiError(
        400,
        'artifactModel:errors.exportNotDone',
        { name: found.targetModelId, state: `modelExport:status.${found.status}` },
        { field: 'modelExportId' },
      );
    return undefined;
  },
};

/** A model export an artifact ships stays (the artifact names it): 409 until it is removed from every artifact. */
export const shippedExportHooks: EntityHooks = {
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    const { rows: shipped } = await sql<{ version: string; arch: string }>`
      select a.version, a.arch from artifact_models l join artifacts a on a.id = l.artifact_id
      where l.model_export_id = any(${ids}::bigint[]) order by l.id limit 1`.execute(context.db);
    if (shipped[0]) throw new ApiError(409, 'artifactModel:errors.exportShipped', shipped[0]);
  },
};

/** An artifact's links go with it (they say what it ships, nothing without it), removed as the same person and audited. */
export const artifactLinksHooks: EntityHooks = {
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    const { rows: links } = await sql<{ id: string | number }>`select id from artifact_models where artifact_id = any(${ids}::bigint[])`.execute(context.db);
    if (links.length)
      await context.records.remove(
        context.actor,
        artifactModel,
        links.map((link) => Number(link.id)),
      );
  },
};
