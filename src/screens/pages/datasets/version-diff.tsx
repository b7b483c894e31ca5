import { Alert, Card, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { datasetsApi, type DiffSide, type VersionDiff } from './datasets-api';

type Kind = 'all' | 'added' | 'removed' | 'changed';
const KIND_COLOURS = { added: 'green', removed: 'red', changed: 'gold' } as const;
const PAGE_SIZE = 20;

/** What a member side shows: quality, reason, labels and clip. */
const sideText = (side: DiffSide | null) =>
  side
    ? [
        side.qualityLabel ?? '',
        side.qualitySubLabel ?? '',
        (side.labelList ?? []).join(', '),
        side.clipStart === null ? '' : `${side.clipStart}–${side.clipEnd}s`,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';

/**
 * A version page's comparison with another version of the same dataset (its parent at first): what this
 * version adds, removes and relabels, counted and paged. Versions whose content hash equals this one's
 * are named: they differ by nothing but their names.
 */
export default function VersionDiffPart({ record }: RecordProps) {
  useCatalogues(['curation']);
  const { t } = useTranslation();
  const [versions, setVersions] = useState<{ id: number; version: string; contentHash: string }[]>([]);
  const [from, setFrom] = useState<number | undefined>(record.parentId === null ? undefined : Number(record.parentId));
  const [kind, setKind] = useState<Kind>('all');
  const [pageNum, setPageNum] = useState(1);
  const [diff, setDiff] = useState<VersionDiff | null>(null);

  useEffect(() => {
    void datasetsApi.versions(Number(record.datasetId)).then((page) => setVersions(page.records));
  }, [record.datasetId]);
  useEffect(() => {
    if (from === undefined) return setDiff(null);
    let current = true;
    void datasetsApi
      .diff({ from, to: record.id, ...(kind === 'all' ? {} : { kind }), pageNum, pageSize: PAGE_SIZE })
      .then((answer) => current && setDiff(answer));
    return () => void (current = false);
  }, [from, record.id, kind, pageNum]);

  const twins = versions.filter((other) => other.id !== record.id && other.contentHash === record.contentHash).map((other) => other.version);
  const others = versions.filter((other) => other.id !== record.id);
  return (
    <Card title={t('curation:version.compare')} size="small" data-testid="version-diff">
      {twins.length > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('curation:version.sameContent', { versions: twins.join(', ') })} />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('curation:version.against')}</Typography.Text>
        <Select
          style={{ minWidth: 140 }}
          value={from}
          placeholder={t('curation:version.pick')}
          onChange={(value: number) => {
            setFrom(value);
            setPageNum(1);
          }}
          options={others.map((other) => ({ value: other.id, label: other.version }))}
          data-testid="diff-against"
        />
        {diff && (
          <Segmented<Kind>
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPageNum(1);
            }}
            options={[
              { value: 'all', label: t('curation:version.all', { count: diff.added + diff.removed + diff.changed }) },
              { value: 'added', label: t('curation:version.added', { count: diff.added }) },
              { value: 'removed', label: t('curation:version.removed', { count: diff.removed }) },
              { value: 'changed', label: t('curation:version.changed', { count: diff.changed }) },
            ]}
          />
        )}
      </Space>
      {diff && (
        <Table
          size="small"
          rowKey="bagId"
          dataSource={diff.records}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: diff.total, onChange: setPageNum, showSizeChanger: false }}
          columns={[
            { title: t('curation:version.bag'), dataIndex: 'bagName' },
            {
              title: t('curation:version.kind'),
              dataIndex: 'kind',
              render: (value: keyof typeof KIND_COLOURS) => <Tag color={KIND_COLOURS[value]}>{t(`curation:version.kinds.${value}`)}</Tag>,
            },
            { title: t('curation:version.before'), dataIndex: 'before', render: sideText },
            { title: t('curation:version.after'), dataIndex: 'after', render: sideText },
          ]}
        />
      )}
    </Card>
  );
}
