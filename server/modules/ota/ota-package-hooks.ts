import { sql } from 'kysely';
import { otaPackage } from '../../../model/schemas/ota-package';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { ApiError } from '../../http/api-error';
import { artifactForPackage, hasPassedCt } from './ct-passed';

/** The artifact a package names, checked: it exists (in any space) and has passed its CT; 400 on the package's field otherwise. */
async function passedArtifact(context: HookContext, id: number) {
  const found = await artifactForPackage(context.db, id);
  if (!found) throw new ApiError(400, 'otaPackage:errors.artifactMissing', { id }, { field: 'atcArtifactId' });
  if (!hasPassedCt(found)) throw new ApiError(400, 'otaPackage:errors.ctNotPassed', { id, version: found.version }, { field: 'atcArtifactId' });
  return found;
}

/** The slot a package takes while ACTIVE: one per space of its artifact and artifact type. */
const slotOf = (row: Values) => `${String(row.artifactTenantId)}:${String(row.artifactType)}`;

/**
 * Spec §3 OTA packages. Made only for an artifact that exists and has passed its CT, whose space,
 * type, arch and version the package keeps. Activating one withdraws the package ACTIVE before it
 * for the same type and space, through the record service in the same transaction (both moves
 * audited, as the same person); a transaction-level advisory lock per slot makes concurrent
 * activations take turns, and the partial unique index (ota-package.ts `uniqueWhere`) refuses any
 * write that would still leave two.
 */
export const otaPackageHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const found = await passedArtifact(context, Number(input.atcArtifactId));
    return { artifactTenantId: found.tenantId, artifactType: found.type, artifactArch: found.arch, artifactVersion: found.version };
  },
  beforeTransition: async (context, action, rows) => {
    if (action !== 'activate') return undefined;
    // Published now, so checked now: an artifact whose newer CT failed since the package was made is not sent to robots.
    for (const row of rows) await passedArtifact(context, Number(row.atcArtifactId));
    const slots = [...new Set(rows.map(slotOf))].sort();
    if (slots.length < rows.length) throw new ApiError(409, 'otaPackage:errors.oneActivePerSlot');
    const ids = rows.map((row) => Number(row.id));
    for (const row of [...rows].sort((a, b) => slotOf(a).localeCompare(slotOf(b)))) {
      await lockUntilCommit(context.db, 'otaActivation', slotOf(row));
      // Read after the lock: a concurrent activation of the slot has committed by now, and is the one withdrawn.
      const { rows: previous } = await sql<{ id: string | number }>`
        select id from ota_packages where status = 'ACTIVE' and artifact_tenant_id = ${Number(row.artifactTenantId)}
          and artifact_type = ${String(row.artifactType)} and id <> all(${ids}::bigint[])`.execute(context.db);
      if (previous.length)
        await context.records.transition(
          context.actor,
          otaPackage,
          'deactivate',
          previous.map((each) => Number(each.id)),
        );
    }
    return undefined;
  },
};

/** The artifact's fields a package copies: they stay as published while a package names the artifact. */
const COPIED = ['version', 'type', 'arch'] as const;

const packagesNaming = async (context: HookContext, ids: number[]) =>
  (
    await sql<{ officialVersion: string }>`select official_version from ota_packages where atc_artifact_id = any(${ids}::bigint[]) order by id limit 1`.execute(
      context.db,
    )
  ).rows[0];

/** An artifact an OTA package publishes keeps its version, type and arch, and is not deleted (the package and the robots name it). */
export const artifactHooks: EntityHooks = {
  beforeUpdate: async (context, current, changes) => {
    if (!COPIED.some((name) => name in changes && changes[name] !== current[name])) return undefined;
    const named = await packagesNaming(context, [Number(current.id)]);
    if (named) throw new ApiError(409, 'otaPackage:errors.artifactPublished', { officialVersion: named.officialVersion });
    return undefined;
  },
  beforeDelete: async (context, rows) => {
    const named = await packagesNaming(
      context,
      rows.map((row) => Number(row.id)),
    );
    if (named) throw new ApiError(409, 'otaPackage:errors.artifactPublished', { officialVersion: named.officialVersion });
  },
};
