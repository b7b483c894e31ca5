import { Button, Descriptions, Empty, Space, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordPath } from '../../../../../model/resources/index';
import { fieldEntries, storedFields } from '../../../../../model/schemas/engine/entity';
import { entityByName } from '../../../../../model/schemas/index';
import { entityDirectory } from '../../../../providers/entity-directory';
import { PagePanel } from '../../page/page-panel';
import { ActionButtons } from '../actions/action-buttons';
import { referenceOf } from '../cells/cell-context';
import { Cell } from '../cells/cells';
import { RecordHistory } from './record-history';
import { recordParts } from '../shared/record-parts';
import { RelatedList } from './related-list';
import { useEntityRoute } from '../shared/use-entity-route';
import { useShownRecord } from './use-shown-record';
import { useAllowed } from '../../../hooks/use-allowed';

const CodeEditor = lazy(() => import('../../code-editor/code-editor'));
const SYSTEM = [
  ['createdBy', 'common:createdBy', 'account'],
  ['createdTime', 'common:createdTime', 'datetime'],
  ['updatedBy', 'common:updatedBy', 'account'],
  ['updatedTime', 'common:updatedTime', 'datetime'],
] as const;

/** The generated record page: every shown field, JSON read-only in Monaco, transitions, and the records that point here. */
export default function EntityShowPage() {
  const { t } = useTranslation();
  const route = useEntityRoute();
  const { list } = route;
  const entity = entityByName.get(route.entity.name)!;
  const { record, loading } = useShownRecord(route);
  const canEdit = useAllowed(list.fullPath, 'edit') && fieldEntries(entity).some(([, field]) => field.edit === 'always');
  if (!record) return loading ? <Spin spinning /> : <Empty description={t('common:notFound')} />;
  const shown = storedFields(entity).filter(([, field]) => field.show);
  const related = (entityDirectory[entity.name]?.referrers ?? [])
    .filter(([other]) => !list.showParts?.replaces?.includes(other))
    .map(([other, field]) => [entityByName.get(other)!, field] as const);

  return (
    <PagePanel
      title={`${t(list.label)} · ${String(record[entity.title] ?? record.id)}`}
      extra={
        <Space>
          {recordParts(list.showParts?.header, record)}
          <ActionButtons list={list} entity={entity} record={record} />
          {canEdit && (
            <Link to={recordPath(list, 'edit', record.id)!}>
              <Button type="primary">{t('common:edit')}</Button>
            </Link>
          )}
          <Link to={list.fullPath}>
            <Button>{t('common:back')}</Button>
          </Link>
        </Space>
      }
    >
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Descriptions bordered column={{ xs: 1, lg: 2 }} size="small" data-testid="record-details">
          {shown.map(([name, field]) => (
            <Descriptions.Item
              key={name}
              label={t(field.label)}
              span={field.widget === 'json' || field.widget === 'code' || field.widget === 'textarea' ? 2 : 1}
            >
              {field.widget === 'json' || field.widget === 'code' ? (
                <Suspense fallback={<Cell spec={field} value={record[name]} />}>
                  <CodeEditor readOnly label={t(field.label)} language={field.language} value={String(record[name] ?? '')} height={200} />
                </Suspense>
              ) : (
                <Cell spec={field} value={record[name]} reference={referenceOf(record, name)} />
              )}
            </Descriptions.Item>
          ))}
          {SYSTEM.map(([name, label, widget]) => (
            <Descriptions.Item key={name} label={t(label)}>
              <Cell spec={{ widget }} value={record[name]} />
            </Descriptions.Item>
          ))}
        </Descriptions>
        {recordParts(list.showParts?.body, record)}
        {related.map(([other, field]) => (
          <RelatedList key={`${other.name}.${field}`} entity={other} field={field} id={record.id} />
        ))}
        <RecordHistory entity={entity} record={record} />
      </Space>
    </PagePanel>
  );
}
