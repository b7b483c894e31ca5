import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { instanceDetailPath, instanceLogPath } from '../instances/paths';
import { modelsApi } from './models-api';

const versionPath = (id: number) => recordPath(entityListEntry('dataset-version')!, 'show', id);

/** Where the card came from: the run that made it (its page and log) and each dataset version it learned from, whose page lists its bags. */
export default function ModelCardLineage({ record }: RecordProps) {
  useCatalogues(['modelCard', 'instanceLog']);
  const { t } = useTranslation();
  const lineage = useQuery({ queryKey: ['model-card-lineage', record.id], queryFn: () => modelsApi.lineage(record.id) });
  const run = lineage.data?.run;
  return (
    <Card size="small" title={t('modelCard:lineage._')} data-testid="model-card-lineage">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('modelCard:lineage.run')}>
          {run ? (
            <Typography.Text>
              <Link to={instanceDetailPath(run.id)} data-testid="lineage-run">
                {run.taskName} #{run.id}
              </Link>{' '}
              · <Link to={instanceLogPath(run.id)}>{t('instanceLog:viewLog')}</Link>
            </Typography.Text>
          ) : (
            '—'
          )}
        </Descriptions.Item>
      </Descriptions>
      <List
        size="small"
        header={t('modelCard:lineage.versions')}
        dataSource={lineage.data?.versions ?? []}
        locale={{ emptyText: '—' }}
        renderItem={(version) => (
          <List.Item data-testid="lineage-version">
            <Link to={versionPath(version.id) ?? '#'}>
              {version.datasetName} {version.version}
            </Link>
            <Typography.Text type="secondary">{t('modelCard:lineage.bags', { count: version.bagCount ?? 0 })}</Typography.Text>
            {version.contentHash && (
              <Typography.Text code copyable={{ text: version.contentHash }}>
                {version.contentHash.slice(0, 12)}…
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
