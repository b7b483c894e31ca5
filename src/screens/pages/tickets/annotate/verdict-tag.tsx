import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketItem } from '../../../../../model/schemas/ticket-item';

/** An item's verdict in the colour the raw-data lists give it; an unqualified one with its failure label. */
export function VerdictTag({ qualityLabel, qualitySubLabel }: { qualityLabel: string; qualitySubLabel?: string }) {
  const { t } = useTranslation();
  const value = qualityLabel || 'unchecked';
  const option = ticketItem.fields.qualityLabel.options?.find((each) => each.value === value);
  return (
    <Tag color={option?.color} data-verdict={value}>
      {t(`annotate:verdict.${value}`)}
      {value === 'unqualified' && qualitySubLabel ? ` · ${qualitySubLabel}` : ''}
    </Tag>
  );
}
