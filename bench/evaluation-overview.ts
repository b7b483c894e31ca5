import { sql } from 'kysely';
import { evaluationRecord } from '../model/schemas/evaluation-record';
import { modelCard } from '../model/schemas/model-card';
import { structuredDataset } from '../model/schemas/structured-dataset';
import { systemActor } from '../server/engine/actor';
import type { RecordService } from '../server/engine/record-service';
import type { Db } from '../server/db/tables';
import type { Figure } from './each-database';

const RESULTS = 100_000;
const ROBOTS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Inject = (request: { url: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: string; json(): any }>;

/**
 * The evaluation overview over 100,000 results: six model cards each evaluated on three structured
 * datasets (an evaluation each), its items spread over ten robots, read through the real
 * API with a baseline pinned. Median of five.
 */
export async function overviewFigure(db: Db, records: RecordService, inject: Inject, token: string, tenantId: number): Promise<Figure> {
  // Six models of the space, three structured datasets: eighteen evaluations.
  const actor = systemActor(tenantId);
  const cards: number[] = [];
  for (let i = 1; i <= 6; i++)
    cards.push(Number((await records.create(actor, modelCard, { name: `bench-policy-${i}`, version: 1, modelType: 'act', trainingTime: new Date() })).id));
  const sets: number[] = [];
  for (let i = 1; i <= 3; i++) sets.push(Number((await records.create(actor, structuredDataset, { name: `bench-set-${i}`, structureType: 'lerobot' })).id));
  const evaluations = [];
  for (const modelCardId of cards)
    for (const structuredDatasetId of sets)
      evaluations.push(
        await records.create(actor, evaluationRecord, {
          ...{ name: `bench-${modelCardId}-${structuredDatasetId}`, modelCardId, structuredDatasetId, filteredDataCount: 2000, status: 'success' },
        }),
      );
  const each = Math.ceil(RESULTS / evaluations.length);
  for (const record of evaluations)
    await sql`
      insert into evaluation_results (tenant_id, evaluation_record_id, item_id, model_card_id, structured_dataset_id, robot_sn, left_arm_sn, right_arm_sn,
        success, progress, duration_ms, failure_mode, time)
      select ${tenantId}, ${record.id}, i, ${record.modelCardId}, ${record.structuredDatasetId}, 'BENCH-' || (i % ${ROBOTS}), 'L', 'R',
        (i * 7 + ${Number(record.id)}) % 10 < 7, ((i * 13) % 100) / 100.0, 10000 + i, case when (i * 7 + ${Number(record.id)}) % 10 < 7 then null else 'slip' end, now()
      from generate_series(1, ${each}) as i`.execute(db);
  await sql`analyze evaluation_results`.execute(db);

  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 6; i++) {
    const begin = performance.now();
    const reply = await inject({ url: `/api/v1/evaluation/overview?baselineModelCardId=${cards[0]}`, headers: { authorization: `Bearer ${token}` } });
    if (i > 0) times.push(performance.now() - begin);
    if (reply.statusCode !== 200) throw new Error(`overview: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
    rows = reply.json().data.rows.length;
  }
  const value = median(times);
  return {
    name: `the evaluation overview (${(each * evaluations.length).toLocaleString('en')} results)`,
    value,
    unit: 'ms',
    goal: '≤ 300',
    met: value <= 300,
    answer: `${rows} rows (${evaluations.length} evaluations × ${ROBOTS} robots), a baseline pinned; median of ${times.length}`,
  };
}
