import { DatePicker, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../../../../model/schemas/engine/info';
import { dayjs } from '../shared/dayjs-locale';

/**
 * The range filters of a list (entity-filters.tsx): a date picker with dayjs and its locale, and a
 * number input. Few lists show one before "more filters" is opened, so they load when first drawn,
 * not with every list.
 */
interface RangeProps<T> {
  id: string;
  label: string;
  field: FieldInfo;
  value: [T?, T?];
  onChange: (value: [T?, T?]) => void;
}

export function DateRangeFilter({ id, label, value: [from, to], onChange }: RangeProps<string>) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      id={id}
      aria-label={label}
      showTime
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      placeholder={[`${label} ${t('common:from')}`, t('common:to')]}
      onChange={(range) => onChange([range?.[0]?.toISOString(), range?.[1]?.toISOString()])}
    />
  );
}

export function NumberRangeFilter({ label, field, value: [from, to], onChange }: RangeProps<number>) {
  return (
    <Space.Compact>
      <InputNumber
        aria-label={`${label} ≥`}
        placeholder={`${label} ≥`}
        value={from}
        min={field.min}
        max={field.max}
        onChange={(next) => onChange([next ?? undefined, to])}
      />
      <InputNumber
        aria-label={`${label} ≤`}
        placeholder="≤"
        value={to}
        min={field.min}
        max={field.max}
        onChange={(next) => onChange([from, next ?? undefined])}
      />
    </Space.Compact>
  );
}
