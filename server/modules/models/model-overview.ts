import { sql } from 'kysely';
import { MODEL_TYPES } from '../../../model/schemas/model-card';
import type { ModelEvaluation, ModelOverview, OverviewModel } from '../../../model/schemas/model-overview';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';
import { inScope, type Scope } from '../../engine/scope';
import { wilson } from '../evaluation/wilson';

type Newest = Omit<OverviewModel, 'evaluations'> & { modelType: string };
type Evaluated = Omit<ModelEvaluation, 'interval'> & { model: string };

const iso = (value: unknown) => new Date(value as string).toISOString();
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The space's models as the model overview shows them, in two reads however many cards there are: each
 * model (the cards of one name) by its newest version, with how many versions it has; and for each
 * model and structured dataset, the newest successful evaluation of any of its versions with its
 * results summed. Only the cards and evaluations the caller reads (`cards`, `evaluations`) count.
 */
export async function modelOverview(db: Db, cards: Scope, evaluations: Scope): Promise<ModelOverview> {
  const readCards = loose(db)
    .selectFrom(cards.entity.table)
    .select(['id', 'name', 'version', 'modelType', 'trainer', 'trainingTime', 'createdTime'])
    .where(inScope(cards));
  const readEvaluations = loose(db)
    .selectFrom(evaluations.entity.table)
    .select(['id', 'name', 'modelCardId', 'structuredDatasetId', 'updatedTime'])
    .where('status', '=', 'success')
    .where(inScope(evaluations));

  const { rows: newest } = await sql<Newest>`
    with cards as ${readCards}
    select distinct on (name) id as "modelCardId", name, version, coalesce(model_type, '') as "modelType", coalesce(trainer, '') as trainer,
      coalesce(training_time, created_time) as "trainingTime", (count(*) over (partition by name))::int as versions
    from cards order by name, version desc nulls last, training_time desc nulls last, id desc`.execute(db);

  const { rows: evaluated } = await sql<Evaluated>`
    with cards as ${readCards}, evaluations as ${readEvaluations},
    latest as (
      select distinct on (c.name, e.structured_dataset_id) e.id, e.name, e.model_card_id, e.structured_dataset_id, e.updated_time, c.name as model, c.version
      from evaluations e join cards c on c.id = e.model_card_id
      order by c.name, e.structured_dataset_id, e.id desc
    )
    -- Fields a record may leave empty come back as empty text: the answer's shape holds whatever was stored.
    select l.id as "evaluationRecordId", coalesce(l.name, '') as name, l.model, l.model_card_id as "modelCardId", l.version as "modelVersion",
      l.structured_dataset_id as "structuredDatasetId", d.name as "structuredDatasetName",
      r.trials, r.successes, r.mean_progress as "meanProgress", coalesce(r.time, l.updated_time) as time
    from latest l join structured_datasets d on d.id = l.structured_dataset_id
      cross join lateral (
        select count(*)::int as trials, (count(*) filter (where success))::int as successes, avg(progress) as mean_progress, max(time) as time
        from evaluation_results where evaluation_record_id = l.id
      ) r
    order by d.name, l.id`.execute(db);

  const evaluationsOf = new Map<string, ModelEvaluation[]>();
  for (const { model, ...row } of evaluated) {
    const evaluation: ModelEvaluation = {
      ...row,
      evaluationRecordId: Number(row.evaluationRecordId),
      modelCardId: Number(row.modelCardId),
      modelVersion: numberOrNull(row.modelVersion),
      structuredDatasetId: Number(row.structuredDatasetId),
      trials: Number(row.trials),
      successes: Number(row.successes),
      interval: wilson(Number(row.successes), Number(row.trials)),
      meanProgress: numberOrNull(row.meanProgress),
      time: iso(row.time),
    };
    const listed = evaluationsOf.get(model);
    if (listed) listed.push(evaluation);
    else evaluationsOf.set(model, [evaluation]);
  }

  const models = newest
    .map(({ modelType, ...row }) => ({
      modelType,
      model: {
        ...row,
        modelCardId: Number(row.modelCardId),
        version: numberOrNull(row.version),
        versions: Number(row.versions),
        trainingTime: iso(row.trainingTime),
        evaluations: evaluationsOf.get(row.name) ?? [],
      },
    }))
    .sort((a, b) => b.model.trainingTime.localeCompare(a.model.trainingTime) || a.model.name.localeCompare(b.model.name));
  const byType = new Map<string, OverviewModel[]>();
  for (const { modelType, model } of models) {
    const listed = byType.get(modelType);
    if (listed) listed.push(model);
    else byType.set(modelType, [model]);
  }
  const order = MODEL_TYPES.map((type) => type.value);
  const types = [...byType.keys()].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
  return { types: types.map((modelType) => ({ modelType, models: byType.get(modelType)! })) };
}

/** A declared type's place; an undeclared one (a type since retired) after them all. */
const rank = (order: string[], type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
