import { Button, Select, Space, Typography, type RefSelectProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../tickets-api';
import { VERDICTS, type VerdictState } from './use-verdict';
import { VerdictTag } from './verdict-tag';

interface ItemVerdictProps {
  item: Item;
  /** The space's failure labels' names: an unqualified item's sub label is one of them. */
  failures: readonly string[];
  editable: boolean;
  busy: boolean;
  verdict: VerdictState;
}

/** The item's verdict: qualified, unqualified with its failure label (required), or unchecked; read-only a tag. */
export function ItemVerdict({ item, failures, editable, busy, verdict }: ItemVerdictProps) {
  const { t } = useTranslation();
  const failureSelect = useRef<RefSelectProps>(null);
  if (!editable)
    return (
      <Space>
        <Typography.Text strong>{t('annotate:verdict.title')}</Typography.Text>
        <VerdictTag qualityLabel={item.qualityLabel} qualitySubLabel={item.qualitySubLabel} />
      </Space>
    );
  const missing = verdict.shown === 'unqualified' && (verdict.choosingFailure || !item.qualitySubLabel);
  return (
    <Space wrap data-testid="item-verdict">
      <Typography.Text strong>{t('annotate:verdict.title')}</Typography.Text>
      <Space.Compact>
        {VERDICTS.map((value) => (
          <Button
            key={value}
            type={verdict.shown === value ? 'primary' : 'default'}
            danger={value === 'unqualified' && verdict.shown === value}
            aria-pressed={verdict.shown === value}
            disabled={busy}
            onClick={() => verdict.choose(value)}
            data-testid={`verdict-${value}`}
          >
            {t(`annotate:verdict.${value}`)}
          </Button>
        ))}
      </Space.Compact>
      {verdict.shown === 'unqualified' && (
        <Select
          data-testid="verdict-failure"
          style={{ minWidth: 220 }}
          status={missing ? 'error' : undefined}
          placeholder={t('annotate:verdict.pickFailure')}
          value={verdict.choosingFailure ? undefined : item.qualitySubLabel || undefined}
          options={failures.map((name) => ({ value: name, label: name }))}
          ref={failureSelect}
          onChange={(name: string) => {
            verdict.pickFailure(name);
            // Chosen, the failure label gives the keys back to the page (j and k to the next item).
            failureSelect.current?.blur();
          }}
          disabled={busy}
          // Chosen by key (u), the failure label is chosen by key too: the list opens with the focus.
          autoFocus={verdict.choosingFailure}
          defaultOpen={verdict.choosingFailure}
          showSearch
        />
      )}
      {missing && <Typography.Text type="danger">{t('annotate:verdict.pickFailure')}</Typography.Text>}
    </Space>
  );
}
