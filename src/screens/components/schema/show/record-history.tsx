import { Empty, Timeline, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogues } from '../../../hooks/use-catalogues';
import { listHref } from '../../../../../model/resources/list-href';
import { AUDIT_CATALOGUES } from '../../../../../model/schemas/audit-trail';
import type { AnyEntity } from '../../../../../model/schemas/engine/types';
import { formatDateTime } from '../cells/format';
import { useCellContext, type CellContext } from '../cells/cell-context';
import { cellContent } from '../cells/cells';
import { useSession } from '../../../hooks/use-session';
import { useRecordHistory, type HistoryEvent } from './use-record-history';

const COLOR: Record<HistoryEvent['action'], string> = { create: 'green', update: 'blue', transition: 'gold', delete: 'red' };

/** One event as a sentence: created, changed these fields (before → after), or moved from one state to another. */
function describe(event: HistoryEvent, entity: AnyEntity, context: CellContext) {
  const { t } = context;
  const changes = JSON.parse(event.changes || '{}') as Record<string, [unknown, unknown?]>;
  const value = (name: string, raw: unknown) => (entity.fields[name] ? cellContent(entity.fields[name]!, raw, context) : String(raw ?? '-'));
  if (event.action === 'create') return t('auditEvent:history.created');
  if (event.action === 'delete') return t('auditEvent:history.deleted');
  const moved = Object.entries(changes).map(([name, [before, after]]) => (
    <div key={name}>
      {t(entity.fields[name]?.label ?? name)}: {value(name, before)} → {value(name, after)}
    </div>
  ));
  const action = entity.states?.actions[event.transition];
  return (
    <>
      {action
        ? t(action.label)
        : t('auditEvent:history.changed', {
            fields: Object.keys(changes)
              .map((name) => t(entity.fields[name]?.label ?? name))
              .join(', '),
          })}
      <Typography.Text type="secondary">{moved}</Typography.Text>
    </>
  );
}

/**
 * A record's history on its page, for those who may read the trail: loaded beside the page, never holding it up.
 * A space's trail is its own: on a record of another space (a space's feedback, as the platform reads it) there is none to show.
 */
export function RecordHistory({ entity, record }: { entity: AnyEntity; record: { id: number; tenantId?: unknown } }) {
  const { userInfo } = useSession();
  const ofAnotherSpace = record.tenantId !== undefined && record.tenantId !== userInfo?.tenant.id;
  const history = useRecordHistory(entity.name, record.id, !ofAnotherSpace);
  if (!history.visible) return null;
  return (
    <Suspense fallback={null}>
      <HistoryTimeline entity={entity} id={record.id} history={history} />
    </Suspense>
  );
}

/** Who did what, when; the whole trail is one click away. */
function HistoryTimeline({ entity, id, history }: { entity: AnyEntity; id: number; history: ReturnType<typeof useRecordHistory> }) {
  useCatalogues(AUDIT_CATALOGUES);
  const { t } = useTranslation();
  const context = useCellContext();
  const { events, total, loading, list } = history;
  const who = (event: HistoryEvent) =>
    event.actorKind === 'system' ? t('auditEvent:history.system') : (context.accountName(event.createdBy) ?? event.createdBy);
  return (
    <section data-testid="record-history">
      <Typography.Title level={5}>{t('auditEvent:history.title')}</Typography.Title>
      {!loading && events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditEvent:history.empty')} />
      ) : (
        <Timeline
          pending={loading}
          items={events.map((event) => ({
            key: event.id,
            color: COLOR[event.action],
            children: (
              <>
                <Typography.Text type="secondary">{t('auditEvent:history.by', { who: who(event), when: formatDateTime(event.createdTime) })}</Typography.Text>
                <div>{describe(event, entity, context)}</div>
              </>
            ),
          }))}
        />
      )}
      {total > events.length && list && (
        <Link
          to={listHref(list.fullPath, [
            { field: 'entity', operator: 'in', value: [entity.name] },
            { field: 'recordId', operator: 'eq', value: String(id) },
          ])}
        >
          {t('auditEvent:history.more', { count: total })}
        </Link>
      )}
    </section>
  );
}
