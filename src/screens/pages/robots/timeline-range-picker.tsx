import { DatePicker, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../components/schema/shared/dayjs-locale';
import { RANGE_PRESETS, type RangePreset, type TimelineRange } from './timeline-range';

/**
 * The timeline's range: a preset at a click, or any range picked by hand (up to now). The picker shows
 * the range picked by hand, and is empty while a preset is on, as a preset has no fixed ends to show.
 */
export function TimelineRangePicker({ value, onChange }: { value: TimelineRange; onChange: (range: TimelineRange) => void }) {
  const { t } = useTranslation();
  const picked = 'preset' in value ? null : ([dayjs(value.from), dayjs(value.to)] as const);
  return (
    <Space wrap>
      <Radio.Group
        optionType="button"
        size="small"
        aria-label={t('robot:page.range')}
        value={'preset' in value ? value.preset : undefined}
        options={(Object.keys(RANGE_PRESETS) as RangePreset[]).map((preset) => ({ value: preset, label: t(`robot:page.presets.${preset}`) }))}
        onChange={(event) => onChange({ preset: event.target.value as RangePreset })}
        data-testid="timeline-presets"
      />
      <DatePicker.RangePicker
        size="small"
        showTime
        allowClear={false}
        aria-label={t('robot:page.range')}
        value={picked ? [picked[0], picked[1]] : null}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(dates) => dates?.[0] && dates[1] && onChange({ from: dates[0].toISOString(), to: dates[1].toISOString() })}
        data-testid="timeline-range"
      />
    </Space>
  );
}
