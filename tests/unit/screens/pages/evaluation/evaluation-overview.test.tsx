import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import EvaluationOverview from '../../../../../src/screens/pages/evaluation/evaluation-overview';
import { differenceText, rateWithInterval, robotText } from '../../../../../src/screens/pages/evaluation/overview-format';
import { envelope, mockApi } from '../../../msw';
import { browserShims, byTestId, renderAt } from '../instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
/** Long enough for a drawer and its query on a loaded machine. */
const LOADED = { timeout: 5000 };
browserShims();

const row = (modelCardId: number, evaluationRecordId: number, successes: number, baseline: unknown = null) => ({
  modelCardId,
  modelName: `policy-${modelCardId}`,
  modelVersion: 1,
  structuredDatasetId: 4,
  structuredDatasetName: 'cup-eval',
  evaluationRecordId,
  robotSn: 'UR5E-A012',
  leftArmSn: 'L1',
  rightArmSn: 'R1',
  trials: 8,
  successes,
  rate: successes / 8,
  low: 0.41,
  high: 0.93,
  tooFew: true,
  meanProgress: 0.8,
  failureModes: { grasp_slip: 2 },
  baseline,
});

describe('the overview’s words', () => {
  it('write a rate with its interval, a difference in points, a robot with its arms', () => {
    expect(rateWithInterval({ rate: 0.75, low: 0.409, high: 0.929 })).toBe('75% (41–93%)');
    expect(differenceText({ difference: 0.375, low: -0.05, high: 0.7 })).toBe('+38 (−5 – +70)');
    expect(robotText({ robotSn: 'G1', leftArmSn: '', rightArmSn: '' })).toBe('G1');
    expect(robotText({ robotSn: 'G1', leftArmSn: 'L', rightArmSn: '' })).toBe('G1 · L / —');
  });
});

describe('the evaluation overview', () => {
  it('lists each model per robot with its interval, marks too few trials, and asks again with the pinned baseline', async () => {
    const asked: string[] = [];
    server.use(
      mock.get('*/api/v1/evaluation/overview', ({ request }) => {
        const baseline = new URL(request.url).searchParams.get('baselineModelCardId');
        asked.push(baseline ?? '');
        const difference = { difference: 0.375, low: -0.05, high: 0.7, decided: false };
        return HttpResponse.json(envelope({ rows: [row(1, 11, 6, baseline ? difference : null), row(2, 12, 3)] }));
      }),
    );
    await renderAt(<EvaluationOverview />, '/x', '/x');
    ((await byTestId('evaluation-overview-button')) as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="overview-rate"]')).toHaveLength(2), LOADED);
    expect(document.querySelector('[data-testid="overview-rate"]')!.textContent).toBe('75% (41–93%)');
    expect(document.querySelector('[data-testid="overview-table"]')!.textContent).toContain('试验过少');
    expect(document.querySelector('[data-testid="overview-table"]')!.textContent).toContain('grasp_slip × 2');
    expect(asked).toEqual(['']);
    // Pinned: the overview is asked again with the baseline, and each other model's row shows its difference.
    const baseline = document.querySelector('[data-testid="overview-baseline"] .ant-select-selector') as HTMLElement;
    baseline.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    const option = await vi.waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent === 'policy-2 v1');
      if (!found) throw new Error('no option yet');
      return found as HTMLElement;
    }, LOADED);
    option.click();
    await vi.waitFor(() => expect(asked).toEqual(['', '2']), LOADED);
    await vi.waitFor(() => expect(document.querySelector('[data-testid="overview-baseline-difference"]')!.textContent).toBe('+38 (−5 – +70)'), LOADED);
  });
});
