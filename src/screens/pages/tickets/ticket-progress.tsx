import { theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';

/** The parts of a ticket's items by where their job stands, in the order the bar draws them. */
const PARTS = ['acceptedItems', 'reviewItems', 'rejectedItems', 'workingItems'] as const;

/**
 * A ticket's progress in its row and on its page: accepted, in review, rejected and in progress items
 * side by side over its data count, so rejected work shows apart from work that moves on.
 */
export default function TicketProgress({ record }: RecordProps) {
  useCatalogues(['ticket']);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const total = Number(record.dataCount ?? 0);
  if (!total) return null;
  const colors = [token.colorSuccess, token.colorWarning, token.colorError, token.colorPrimary];
  const title = PARTS.map((part) => `${t(`ticket:fields.${part}`)} ${Number(record[part] ?? 0)}`).join(' · ');
  return (
    <Tooltip title={`${title} / ${total}`}>
      <div
        role="img"
        aria-label={`${title} / ${total}`}
        data-testid="ticket-progress"
        style={{ display: 'flex', width: 160, height: 8, borderRadius: 4, overflow: 'hidden', background: token.colorFillSecondary }}
      >
        {PARTS.map((part, index) => (
          <div key={part} data-part={part} style={{ width: `${(Number(record[part] ?? 0) / total) * 100}%`, background: colors[index] }} />
        ))}
      </div>
    </Tooltip>
  );
}
