import { Button, Card, Space, Tag, Typography } from 'antd';
import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { entityListEntry } from '../../../../model/resources/index';
import { listHref, paramsAsFilters } from '../../../../model/resources/list-href';
import { api } from '../../../providers/http';
import { loadEntityInfo } from '../../../providers/entity-info';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { memberPath } from './member-paths';
import { isObject, jsonValue } from '../../components/schema/shared/json-value';

const filterOf = (text: unknown) => jsonValue(text, isObject, {}) as Record<string, string | string[]>;

/**
 * Where a dataset's members come from: a collection dataset's plan, a logic dataset's filter (each term
 * a tag, and the raw-data list opened on it), and a way into the member pages from the first member.
 */
export default function DatasetSource({ record }: RecordProps) {
  useCatalogues(['curation', 'dataset', 'bag']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bag = use(loadEntityInfo('bag'));
  const [first, setFirst] = useState<number | null>(null);
  const type = String(record.datasetType);
  const name = String(record.name);
  useEffect(() => {
    if (type === 'raw') return;
    void api.get<{ first: number | null }>('/data/lake/dataset/member-steps', { name }).then((steps) => setFirst(steps.first));
  }, [type, name]);
  if (type === 'raw') return null;
  const filter = filterOf(record.filter);
  const kinds = Object.fromEntries(Object.entries(bag.fields).map(([field, info]) => [field, info.filter]));
  const rawData = entityListEntry('bag')!.fullPath;
  const label = (key: string) => {
    const [field = key, end] = key.split('.');
    return `${t(bag.fields[field]?.label ?? field)}${end ? (end === 'from' ? ' ≥' : ' ≤') : ''}`;
  };
  return (
    <Card size="small" title={t('curation:source.title')} data-testid="dataset-source">
      <Space direction="vertical">
        {type === 'dc' && <Typography.Text>{t('curation:source.plan', { plan: record.dcPlanId, subPlan: record.dcSubPlanId || '—' })}</Typography.Text>}
        {type === 'logic' && (
          <Space wrap>
            {Object.entries(filter).map(([key, value]) => (
              <Tag key={key}>
                {label(key)} {Array.isArray(value) ? value.join(', ') : value}
              </Tag>
            ))}
            <Link to={listHref(rawData, paramsAsFilters(kinds, filter))} data-testid="dataset-filter-link">
              {t('curation:source.openList', { count: Number(record.rawDataCount ?? 0) })}
            </Link>
          </Space>
        )}
        <Button disabled={!first} onClick={() => first && void navigate(memberPath(type, name, first)!)} data-testid="dataset-browse">
          {t('curation:source.browse')}
        </Button>
      </Space>
    </Card>
  );
}
