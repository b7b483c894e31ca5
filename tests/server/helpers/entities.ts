import { allows, permissionsOf, type Grantee, type Permission } from '../../../model/access/permissions';
import { sampleInput } from '../../../model/schemas/engine/sample';
import type { FieldDecl } from '../../../model/schemas/engine/types';
import { apiResources, type ApiResource } from '../../../server/engine/registry';
import type { Api } from './api';

/** The seeded accounts and what they hold (spec §6). */
export const ACCOUNTS = [
  { tenant: 'platform', code: 'admin', role: 'system_admin', internal: true },
  { tenant: 'demo', code: 'admin', role: 'tenant_admin', internal: false },
  { tenant: 'demo', code: 'rd', role: 'rd', internal: false },
  { tenant: 'demo', code: 'operator', role: 'tele_operator', internal: false },
] as const;
export type Who = (typeof ACCOUNTS)[number];
export const nameOf = (who: Who) => `${who.tenant}/${who.code}`;
export const may = (who: Grantee, auth: readonly Permission[] | undefined) => allows(permissionsOf(who), auth);

export const resourceOf = (entity: string) => apiResources.find((resource) => resource.entity.name === entity)!;
export const requiredFields = (resource: ApiResource) =>
  (Object.entries(resource.entity.fields) as [string, FieldDecl][]).filter(([, field]) => field.required && field.edit && field.column !== 'none');

let counter = 0;

type Sample = Record<string, unknown> & { id: number; updatedTime: string };
/**
 * How a test writes as the system, in a caller's space: records nobody creates by hand (a ticket's
 * jobs and items) are made so, and a sample is readied so where only the server's own moves would
 * (a job given to whoever annotates it). The test app registers it.
 */
export interface SystemWrites {
  create(resource: ApiResource, input: Record<string, unknown>, token: string): Promise<Sample>;
  update(resource: ApiResource, values: Record<string, unknown> & { id: number }, token: string): Promise<Sample>;
  /** A record as stored, whoever may read it. */
  read(resource: ApiResource, id: number): Promise<Record<string, unknown>>;
  /** The account code of a session. */
  codeOf(token: string): Promise<string>;
}
let systemWrites: SystemWrites | undefined;
export const sampleSystemRecordsWith = (writes: SystemWrites) => void (systemWrites = writes);
const system = () => {
  if (!systemWrites) throw new Error('no system writes registered: the test app registers them');
  return systemWrites;
};
/** Whether anybody creates the entity's records by hand. */
const madeByHand = (resource: ApiResource) => resource.grants('create').length > 0;
/** Who makes a referenced record: the caller, or the platform's administrator for the platform's records (images, templates). */
let platformMaker: string | undefined;
export const samplePlatformRecordsAs = (token: string) => void (platformMaker = token);
const makerOf = (resource: ApiResource, token: string) => (resource.entity.scope === 'platform' ? (platformMaker ?? token) : token);

/** Records for each entity the resource references, made through the API. */
export async function sampleReferences(api: Api, resource: ApiResource, token: string, given: Record<string, number> = {}) {
  const refs = { ...given };
  for (const field of Object.values(resource.entity.fields) as FieldDecl[]) {
    // Only what a create names: a reference the server sets (a run's record, a version's parent) is not sampled.
    if (!field.reference || !field.edit || refs[field.reference] !== undefined) continue;
    const target = resourceOf(field.reference);
    refs[field.reference] = (await createSample(api, target, makerOf(target, token))).id;
  }
  return refs;
}

/**
 * What a record needs besides its references before it can be made: a version publishes its dataset's members, so the dataset gets one.
 * What one returns goes over the sample's values (an id the entity names without a reference).
 */
const PREPARE: Record<string, (api: Api, refs: Record<string, number>, token: string) => Promise<Record<string, unknown> | void>> = {
  // Only the assignee annotates: the sample's job (and its items) go to whoever makes the annotation.
  annotation: async (_api, refs, token) => {
    const item = await system().read(resourceOf('ticket-item'), refs['ticket-item']!);
    const assignee = await system().codeOf(token);
    await system().update(resourceOf('ticket-job'), { id: Number(item.jobId), assignee }, token);
    await system().update(resourceOf('ticket-item'), { id: Number(item.id), assignee }, token);
    // And the ticket names them, as its team's members are named.
    const ticket = await system().read(resourceOf('ticket'), Number(item.ticketId));
    await system().update(resourceOf('ticket'), { id: Number(ticket.id), operators: [...(ticket.operators as string[]), assignee] }, token);
  },
  'dataset-version': async (api, refs, token) => {
    const bag = await createSample(api, resourceOf('bag'), token);
    const reply = await api.post('/data/dataset-item/create', { datasetId: refs.dataset, bagId: bag.id }, { token });
    if (reply.status !== 200 && reply.status !== 409) throw new Error(`a member for the sample version: ${JSON.stringify(reply.body)}`);
  },
  // A structured version publishes its dataset's structured data: the dataset gets one.
  'structured-dataset-version': async (api, refs, token) => {
    await createSample(api, resourceOf('structured-data'), token, { 'structured-dataset': refs['structured-dataset']! });
  },
  // An evaluation names a version of its own dataset, whose data its (empty) filter then picks.
  'evaluation-record': async (_api, refs) => {
    const version = await system().read(resourceOf('structured-dataset-version'), refs['structured-dataset-version']!);
    return { structuredDatasetId: Number(version.structuredDatasetId) };
  },
  // An artifact ships only an export that succeeded: the sample's export ends as its runner would report.
  'artifact-model': async (_api, refs, token) => {
    await system().update(resourceOf('model-export'), { id: refs['model-export']!, status: 'success', progress: 100 }, token);
  },
  // A package publishes an artifact that has passed its CT: one of the maker's space, its CT run succeeded as a runner would report.
  'ota-package': async (api, _refs, token) => {
    const ct = await createSample(api, resourceOf('ct-record'), token);
    await system().update(resourceOf('ct-record'), { id: ct.id, status: 'success' }, token);
    return { atcArtifactId: Number(ct.artifactId) };
  },
};

/** Whatever a record of this entity needs made first besides its references (its dataset's member for a version); the values it settles for the sample. */
export const prepareSample = async (api: Api, resource: ApiResource, refs: Record<string, number>, token: string): Promise<Record<string, unknown>> =>
  (await PREPARE[resource.entity.name]?.(api, refs, token)) ?? {};

/** Creates a valid record of the resource (and whatever it references) and returns it. */
export async function createSample(api: Api, resource: ApiResource, token: string, references: Record<string, number> = {}) {
  counter += 1;
  const refs = await sampleReferences(api, resource, token, references);
  if (!madeByHand(resource)) return system().create(resource, sampleInput(resource.entity, counter, refs), token);
  const prepared = await prepareSample(api, resource, refs, token);
  const reply = await api.post(`${resource.api}/create`, { ...sampleInput(resource.entity, counter, refs), ...prepared }, { token });
  if (reply.status !== 200) throw new Error(`create ${resource.api}: ${JSON.stringify(reply.body)}`);
  return reply.body.data as Sample;
}
