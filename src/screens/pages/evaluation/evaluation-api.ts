import type { OverviewRow } from '../../../../model/schemas/evaluation-results';
import { api } from '../../../providers/http';

export interface ItemResult {
  itemId: number;
  bagId: number;
  bagName: string;
  bagStartTime: string | null;
  bagEndTime: string | null;
  success: boolean;
  progress: number;
  durationMs: number;
  failureMode: string | null;
  files: string[];
}

export interface Pairwise {
  items: number;
  bothSucceeded: number;
  onlyFirst: number;
  onlySecond: number;
  neither: number;
  difference: number;
  low: number;
  high: number;
  verdict: 'first' | 'second' | null;
}

const records = '/evaluation/evaluation-record';

/** The evaluation overview, the items behind a row, and two evaluations compared (server/modules/evaluation/overview-routes.ts). */
export const evaluationApi = {
  overview: async (query: { structuredDatasetId?: number; baselineModelCardId?: number }) =>
    (await api.get<{ rows: OverviewRow[] }>('/evaluation/overview', query)).rows,
  items: async (row: Pick<OverviewRow, 'evaluationRecordId' | 'robotSn' | 'leftArmSn' | 'rightArmSn'>) =>
    (
      await api.get<{ items: ItemResult[] }>(`${records}/${row.evaluationRecordId}/results`, {
        robotSn: row.robotSn,
        leftArmSn: row.leftArmSn,
        rightArmSn: row.rightArmSn,
      })
    ).items,
  compare: (first: number, second: number) => api.get<Pairwise>('/evaluation/compare', { first, second }),
};
