import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Spin, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFRESH_INTERVALS } from '../../components/schema/list/refresh-select';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { robotsApi } from './robots-api';
import { TimelineChart } from './timeline-chart';
import { DEFAULT_RANGE, rangeBounds, rangeKey, type TimelineRange } from './timeline-range';
import { TimelineRangePicker } from './timeline-range-picker';
import { LANES, timelineRows } from './timeline-rows';

/**
 * A robot's timeline: its heartbeats, alarms, configuration deliveries and recordings over a range (the
 * last hour unless another is chosen). A preset range moves on with the clock, read again each minute
 * (a heartbeat bucket's length); while another range loads, the last one stays drawn.
 */
export default function RobotTimeline({ record }: RecordProps) {
  useCatalogues(['robot', 'alarmRecord', 'robotConfig']);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [range, setRange] = useState<TimelineRange>(DEFAULT_RANGE);
  const timeline = useQuery({
    queryKey: ['robot-timeline', record.id, rangeKey(range)],
    queryFn: () => robotsApi.timeline(record.id, rangeBounds(range)),
    refetchInterval: 'preset' in range ? REFRESH_INTERVALS['1m'] : false,
    placeholderData: keepPreviousData,
  });
  const { data } = timeline;
  const rows = useMemo(() => {
    const named = token as unknown as Record<string, string | undefined>;
    return data ? timelineRows(data, { t, colorOf: (name) => named[name] ?? name }) : [];
  }, [data, t, token]);
  const lanes = LANES.map((lane) => t(`robot:page.${lane}`));
  return (
    <section data-testid="robot-timeline">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('robot:page.timeline')}
        </Typography.Title>
        <TimelineRangePicker value={range} onChange={setRange} />
      </Flex>
      {data ? (
        <>
          <TimelineChart timeline={data} rows={rows} lanes={lanes} title={t('robot:page.timeline')} />
          <Typography.Text type="secondary" data-testid="timeline-retention">
            {t('robot:page.retention', { days: data.retentionDays })}
          </Typography.Text>
        </>
      ) : (
        <Spin spinning={timeline.isPending} />
      )}
    </section>
  );
}
