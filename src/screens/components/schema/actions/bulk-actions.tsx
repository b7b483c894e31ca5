import { Button, Space, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../../../../model/resources/types';
import type { EntityInfo } from '../../../../../model/schemas/engine/info';
import { AskTyping } from './ask-typing';
import { lazyLoaded } from '../../../../boot/lazy-loaded';
import { BULK_TOOLS, moduleLoader } from '../../../route-modules';
import { useEntityMutation } from './use-entity-mutations';
import { useAllowed } from '../../../hooks/use-allowed';

/** What the user may do to the selected rows: delete and each declared transition, each behind "type yes". */
function useBulkActions(list: RouteEntry, entity: EntityInfo) {
  const canDelete = useAllowed(list.fullPath, 'delete');
  const transitions = Object.entries(entity.states?.actions ?? {});
  return [
    ...(canDelete ? [{ name: 'delete', label: 'common:delete', danger: true }] : []),
    ...transitions.map(([name, action]) => ({ name, label: action.label, danger: false })),
  ];
}

export interface BulkBarProps {
  list: RouteEntry;
  entity: EntityInfo;
  ids: number[];
  /** The list's filter in force (query parameters) and how many records it matches: for "all that match". */
  filters: Record<string, string>;
  total: number;
  onDone: () => void;
}

/** The bar over a list's selected rows (bulk-bar.tsx shows it once rows are selected). */
export default function BulkActions({ list, entity, ids, filters, total, onDone }: BulkBarProps) {
  const { t } = useTranslation();
  const actions = useBulkActions(list, entity);
  const run = useEntityMutation(list);
  const [asking, setAsking] = useState<{ name: string; label: string } | null>(null);
  const tools = list.bulkTools ?? [];
  if (!actions.length && !tools.length) return null;
  return (
    <Space className="edp-bulk-bar" data-testid="bulk-bar">
      <Typography.Text>{t('common:bulk.selected', { count: ids.length })}</Typography.Text>
      {actions.map((action) => (
        <Button key={action.name} size="small" danger={action.danger} onClick={() => setAsking(action)}>
          {t(action.label)}
        </Button>
      ))}
      {tools.map((name, index) => {
        const Tool = lazyLoaded(moduleLoader(BULK_TOOLS, name));
        return (
          <Suspense key={index} fallback={null}>
            <Tool ids={ids} filters={filters} total={total} onDone={onDone} />
          </Suspense>
        );
      })}
      <Button size="small" type="link" onClick={onDone}>
        {t('common:bulk.clear')}
      </Button>
      <AskTyping
        action={asking ? t(asking.label) : undefined}
        count={ids.length}
        busy={run.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          run.mutate(
            { action: asking.name, ids },
            {
              onSuccess: () => {
                setAsking(null);
                onDone();
              },
            },
          )
        }
      />
    </Space>
  );
}
