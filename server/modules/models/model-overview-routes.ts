import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { envelope } from '../../../model/schemas/envelope';
import { modelCard } from '../../../model/schemas/model-card';
import { modelOverview as overviewAnswer } from '../../../model/schemas/model-overview';
import { MODEL_OVERVIEW_PATH } from '../../../model/schemas/model-overview-path';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { ok } from '../../http/envelope';
import { modelOverview } from './model-overview';

/** The model overview: a list-level call, so not under the model card's API (whose paths are its records'). */
export function modelOverviewRoutes(app: ApiApp, { db, reach }: AppContext): void {
  app.get(MODEL_OVERVIEW_PATH, {
    config: { access: listAccess(modelCard.name, 'read') },
    schema: {
      tags: [modelCard.name],
      summary: 'The space’s models by type, each with its newest version and newest evaluations',
      description:
        'A model is the cards of one name, shown by its newest version (trainer, training time) with its count of versions. Per structured dataset, the newest successful evaluation of any of its versions: trials, success rate with its Wilson 95% interval (`tooFew` when wider than 20 points), mean progress and when; evaluations only for a caller who reads them.',
      response: { 200: envelope(overviewAnswer) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      return ok(await modelOverview(db, reach.scope(principal, modelCard.name, 'read'), reach.scope(principal, evaluationRecord.name, 'read')));
    },
  });
}
