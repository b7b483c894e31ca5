import { useQuery } from '@tanstack/react-query';
import { api } from '../../../providers/http';
import type { RecordProps } from '../../route-modules';
import { RunMetrics } from './instance-metrics';
import { instanceList } from './paths';

/** A training record's page: the metrics of its latest run (a rerun's curves replace those before). */
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
  return run ? <RunMetrics instanceId={run.id} running={run.status === 'running'} /> : null;
}
