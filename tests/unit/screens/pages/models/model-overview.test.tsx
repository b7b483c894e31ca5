import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { entityListEntry, recordPath } from '../../../../../model/resources/index';
import type { ModelEvaluation, ModelOverview as Overview, OverviewModel } from '../../../../../model/schemas/model-overview';
import { MODEL_OVERVIEW_PATH } from '../../../../../model/schemas/model-overview-path';
import ModelOverview from '../../../../../src/screens/pages/models/model-overview';
import { envelope, mockApi } from '../../../msw';
import { browserShims, byTestId, renderAt } from '../instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
browserShims();
/** Long enough for the page's texts and query on a loaded machine. */
const LOADED = { timeout: 5000 };

const evaluation = (id: number, dataset: string, modelVersion: number, interval: ModelEvaluation['interval']): ModelEvaluation => ({
  evaluationRecordId: id,
  name: `eval-${id}`,
  modelCardId: 10 + modelVersion,
  modelVersion,
  structuredDatasetId: id,
  structuredDatasetName: dataset,
  trials: 8,
  successes: 6,
  interval,
  meanProgress: 0.8,
  time: '2026-11-20T08:00:00.000Z',
});

const model = (name: string, modelCardId: number, version: number | null, evaluations: ModelEvaluation[] = []): OverviewModel => ({
  name,
  modelCardId,
  version,
  versions: version ?? 1,
  trainer: 'rd',
  trainingTime: '2026-11-18T08:00:00.000Z',
  evaluations,
});

const answer = (overview: Overview) => server.use(mock.get(`*/api/v1${MODEL_OVERVIEW_PATH}`, () => HttpResponse.json(envelope(overview))));
const texts = (selector: string, within: ParentNode = document) => [...within.querySelectorAll(selector)].map((element) => element.textContent);

describe('the model overview', () => {
  it('shows the models by type, each linking to its newest card, with its newest evaluation per structured dataset', async () => {
    answer({
      types: [
        {
          modelType: 'act',
          models: [
            model('grasp', 13, 3, [
              evaluation(71, 'shelf-eval', 2, { rate: 0.75, low: 0.409, high: 0.929, tooFew: true }),
              evaluation(72, 'table-eval', 3, { rate: 0.6, low: 0.55, high: 0.65, tooFew: false }),
            ]),
            model('fold', 20, null),
          ],
        },
        { modelType: 'pi0', models: [model('stack', 30, 1)] },
      ],
    });
    await renderAt(<ModelOverview />, '/x', '/x');
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="overview-model"]')).toHaveLength(3), LOADED);
    const types = [...document.querySelectorAll<HTMLElement>('[data-testid="model-type"]')];
    expect(types.map((type) => type.dataset.modelType)).toEqual(['act', 'pi0']);
    expect(types[1]!.textContent).toContain('π0');
    expect(texts('[data-testid="overview-model-link"]', types[0])).toEqual(['grasp', 'fold']);

    const [grasp, fold] = [...types[0]!.querySelectorAll('[data-testid="overview-model"]')];
    const cards = entityListEntry('model-card')!;
    expect(grasp!.querySelector('[data-testid="overview-model-link"]')!.getAttribute('href')).toBe(recordPath(cards, 'show', 13));
    expect(grasp!.textContent).toContain('v3');
    expect(grasp!.textContent).toContain('共 3 个版本');
    expect(grasp!.textContent).toContain('rd 训练于');

    const evaluations = [...grasp!.querySelectorAll('[data-testid="overview-evaluation"]')];
    expect(texts('[data-testid="overview-evaluation-rate"]', grasp!)).toEqual(['75% (41–93%)', '60% (55–65%)']);
    // As the evaluation overview marks an interval too wide to rank on; the earlier version evaluated is named.
    expect(evaluations[0]!.textContent).toContain('试验过少');
    expect(evaluations[0]!.textContent).toContain('评测版本 v2');
    expect(evaluations[1]!.textContent).not.toContain('试验过少');
    expect(evaluations[1]!.textContent).not.toContain('评测版本');
    expect(evaluations[0]!.textContent).toContain('80%');
    expect(evaluations[0]!.querySelector('a')!.getAttribute('href')).toBe(recordPath(entityListEntry('evaluation-record')!, 'show', 71));
    expect(fold!.textContent).toContain('尚无完成的评测');
  }, 20_000);

  it('says so in a space without models, and where models come from', async () => {
    answer({ types: [] });
    await renderAt(<ModelOverview />, '/x', '/x');
    const empty = await byTestId('model-overview-empty');
    await vi.waitFor(() => expect(empty.textContent).toContain('这个空间还没有模型'), LOADED);
    expect(empty.querySelector('a')!.getAttribute('href')).toBe(entityListEntry('training-record')!.fullPath);
  }, 20_000);
});
