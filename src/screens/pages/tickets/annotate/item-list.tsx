import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Item } from '../tickets-api';
import { VerdictTag } from './verdict-tag';
import { itemName } from './work-rules';

/** The job's items, each with its verdict; the chosen one marked. Plain rows: a job holds up to a thousand. */
export function ItemList({ items, selectedId, onSelect }: { items: readonly Item[]; selectedId: number | undefined; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <nav aria-label={t('annotate:items.title', { count: items.length })}>
      <Typography.Text strong>{t('annotate:items.title', { count: items.length })}</Typography.Text>
      <ul data-testid="item-list" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, maxHeight: 640, overflowY: 'auto' }}>
        {items.map((item) => {
          const chosen = item.id === selectedId;
          return (
            <li key={item.id}>
              <button
                type="button"
                data-item-id={item.id}
                aria-current={chosen || undefined}
                onClick={() => onSelect(item.id)}
                style={{
                  display: 'flex',
                  width: '100%',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 8,
                  padding: '6px 8px',
                  border: 'none',
                  borderRadius: token.borderRadiusSM,
                  background: chosen ? token.controlItemBgActive : 'transparent',
                  color: chosen ? token.colorPrimaryText : token.colorText,
                  cursor: 'pointer',
                  textAlign: 'left',
                }}
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={itemName(item)}>
                  {itemName(item)}
                </span>
                <VerdictTag qualityLabel={item.qualityLabel} />
              </button>
            </li>
          );
        })}
      </ul>
      {items.length === 0 && <Typography.Text type="secondary">{t('annotate:items.none')}</Typography.Text>}
    </nav>
  );
}
