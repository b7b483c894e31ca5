import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { MODEL_TYPES } from '../../../../model/schemas/model-card';
import type { OverviewModel } from '../../../../model/schemas/model-overview';
import { PagePanel } from '../../components/page/page-panel';
import { formatDateTime } from '../../components/schema/cells/format';
import { useCatalogues } from '../../hooks/use-catalogues';
import { ModelEvaluations } from './model-evaluations';
import { modelsApi } from './models-api';

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['modelCard', 'evaluationRecord'];

/** Models of one type shown at a time: a space may hold thousands. */
const PAGE_SIZE = 20;
const cardPath = (id: number) => recordPath(entityListEntry('model-card')!, 'show', id) ?? '#';

function ModelItem({ model }: { model: OverviewModel }) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid="overview-model">
      <List.Item.Meta
        title={
          <Space size={8} wrap>
            <Link to={cardPath(model.modelCardId)} data-testid="overview-model-link">
              {model.name}
            </Link>
            {model.version !== null && <Tag>v{model.version}</Tag>}
            {model.versions > 1 && <Typography.Text type="secondary">{t('modelCard:overview.versions', { count: model.versions })}</Typography.Text>}
          </Space>
        }
        description={t('modelCard:overview.trained', { trainer: model.trainer, time: formatDateTime(model.trainingTime) })}
      />
      <ModelEvaluations evaluations={model.evaluations} newestVersion={model.version} />
    </List.Item>
  );
}

/**
 * Spec §2 /training/model/overview: the space's models by type, each by its newest version (who trained
 * it and when, a link to its card) with its newest evaluation on each structured dataset. Its one call
 * leaves with the route (its route names it).
 */
export default function ModelOverview() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const overview = useQuery({ queryKey: ['model-overview'], queryFn: modelsApi.overview });
  const types = overview.data?.types ?? [];
  const records = entityListEntry('training-record')!.fullPath;
  return (
    <PagePanel
      title={t('menu:training.model.overview')}
      extra={
        <Link to={entityListEntry('evaluation-record')!.fullPath}>
          <Button>{t('evaluationRecord:overview._')}</Button>
        </Link>
      }
    >
      <div data-testid="model-overview">
        {overview.isPending ? (
          <Spin />
        ) : overview.isError ? (
          <Empty description={t('modelCard:overview.failed')}>
            <Button onClick={() => void overview.refetch()}>{t('common:buttons.refresh')}</Button>
          </Empty>
        ) : types.length === 0 ? (
          <Empty description={t('modelCard:overview.empty')} data-testid="model-overview-empty">
            <Link to={records}>{t('menu:training.records')}</Link>
          </Empty>
        ) : (
          types.map(({ modelType, models }) => {
            const type = MODEL_TYPES.find((option) => option.value === modelType);
            return (
              <section key={modelType} data-testid="model-type" data-model-type={modelType}>
                <Typography.Title level={5}>
                  <Tag color={type?.color}>{type ? t(type.label) : modelType}</Tag>
                  <Typography.Text type="secondary">{t('modelCard:overview.models', { count: models.length })}</Typography.Text>
                </Typography.Title>
                <List
                  size="small"
                  dataSource={models}
                  rowKey="name"
                  pagination={models.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small' } : false}
                  renderItem={(model) => <ModelItem model={model} />}
                />
              </section>
            );
          })
        )}
      </div>
    </PagePanel>
  );
}
