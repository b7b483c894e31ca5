import { useQuery } from '@tanstack/react-query';
import { api } from '../../../providers/http';
import type { RecordProps } from '../../route-modules';
import { RunMetrics } from './instance-metrics';
import { instanceList } from './paths';

/** Its texts, loaded with its code (boot reads `catalogues`). */
export { catalogues } from './instance-metrics';

/** A training record's page: the metrics of its latest run (a rerun's curves replace those before), and other runs of its task to add. */
export default function TrainingMetrics({ record }: RecordProps) {
  const latest = useQuery({
    queryKey: ['training-latest-run', record.id, record.status],
    queryFn: async () =>
      (
        await api.get<{ records: { id: number; status: string }[] }>(`${instanceList().api}/query`, {
          trainingRecord: record.id,
          sort: 'createdTime,desc',
          pageSize: 1,
          pageNum: 1,
        })
      ).records[0] ?? null,
  });
  const run = latest.data;
  // Keyed by the run: a rerun starts with nothing added beside it.
  return run ? <RunMetrics key={run.id} instanceId={run.id} running={run.status === 'running'} compare /> : null;
}
