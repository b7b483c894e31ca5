import { Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Quota } from '../../../../../model/schemas/tenant';
import { UnitNumber } from './unit-number';

/** Spec §3 quota: unlimited, or limited to a whole number of bytes. */
export function QuotaInput({ id, value, onChange }: { id?: string; value?: Quota; onChange: (value: Quota) => void }) {
  const { t } = useTranslation();
  const quota = value ?? { limited: false, amount: null };
  return (
    <Space id={id}>
      <Radio.Group
        optionType="button"
        value={quota.limited}
        onChange={(event) => onChange({ limited: event.target.value, amount: event.target.value ? (quota.amount ?? 0) : null })}
        options={[
          { value: false, label: t('tenant:quota.unlimited') },
          { value: true, label: t('tenant:quota.limited') },
        ]}
      />
      {quota.limited && (
        <UnitNumber
          min={0}
          precision={0}
          unit="B"
          value={quota.amount ?? undefined}
          onChange={(amount) => onChange({ limited: true, amount: amount ?? null })}
        />
      )}
    </Space>
  );
}
