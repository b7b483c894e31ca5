import type { RecordProps } from '../../route-modules';
import { RunMetrics } from '../instances/instance-metrics';

/** Its texts, loaded with its code (boot reads `catalogues`). */
export { catalogues } from '../instances/instance-metrics';

/** The metrics of the run that made the card: its curves as they ended, and other runs of its task to add. */
export default function ModelCardMetrics({ record }: RecordProps) {
  return record.instanceId ? <RunMetrics instanceId={Number(record.instanceId)} running={false} compare /> : null;
}
