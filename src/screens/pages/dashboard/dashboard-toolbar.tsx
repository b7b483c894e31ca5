import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../components/schema/shared/dayjs-locale';
import { RefreshSelect, type RefreshInterval } from '../../components/schema/list/refresh-select';
import { addDays, chinaToday, type DayRange } from './drill-down';

const PRESETS = [7, 30, 90, 365] as const;

export interface DashboardToolbarProps {
  range: DayRange;
  onRange: (range: DayRange) => void;
  refresh: RefreshInterval;
  onRefresh: (refresh: RefreshInterval) => void;
  onReload: () => void;
  reloading: boolean;
}

/** The dashboards' time range (days, China time), refresh granularity (spec §9) and a manual refresh. */
export function DashboardToolbar({ range, onRange, refresh, onRefresh, onReload, reloading }: DashboardToolbarProps) {
  const { t } = useTranslation();
  const today = chinaToday();
  return (
    <Space wrap>
      <DatePicker.RangePicker
        aria-label={t('dashboard:range')}
        allowClear={false}
        value={[dayjs(range.from), dayjs(range.to)]}
        disabledDate={(day) => day.format('YYYY-MM-DD') > today}
        presets={PRESETS.map((days) => ({ label: t('dashboard:lastDays', { days }), value: [dayjs(addDays(today, 1 - days)), dayjs(today)] }))}
        onChange={(dates) => dates?.[0] && dates[1] && onRange({ from: dates[0].format('YYYY-MM-DD'), to: dates[1].format('YYYY-MM-DD') })}
        data-testid="dashboard-range"
      />
      <RefreshSelect value={refresh} onChange={onRefresh} />
      <Button icon={<ReloadOutlined />} loading={reloading} onClick={onReload} aria-label={t('common:buttons.refresh')} />
    </Space>
  );
}
