import { entityListEntry } from '../../../../model/resources/index';
import type { RecordProps } from '../../route-modules';
import { OwnedFiles } from './owned-files';

/** A model export's artifact: what its run produced on the compile server. */
export default function ModelExportFiles({ record }: RecordProps) {
  return <OwnedFiles api={entityListEntry('model-export')!.api!} id={record.id} />;
}
