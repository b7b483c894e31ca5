import type { RecordProps } from '../../route-modules';
import { VersionPublisher } from '../datasets/publish-version';

/** A structured dataset page's "Publish": its structured data, each with its files' SHA-256s, into a version evaluations can name. */
export default function PublishStructuredVersion({ record }: RecordProps) {
  return (
    <VersionPublisher
      record={record}
      versions="structured-dataset-version"
      parentField="structuredDatasetId"
      count={Number(record.dataCount ?? 0)}
      texts="structuredDatasetVersion:publish"
      testId="structured-dataset-publish"
    />
  );
}
