import { entityListEntry } from '../../../../model/resources/index';
import type { RecordProps } from '../../route-modules';
import { OwnedFiles } from './owned-files';

/** A model card's files: what its training run produced. */
export default function ModelCardFiles({ record }: RecordProps) {
  return <OwnedFiles api={entityListEntry('model-card')!.api!} id={record.id} />;
}
