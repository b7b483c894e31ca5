import { useTranslation } from 'react-i18next';
import type { ChartDatum, ChartDetail } from '../../../components/charts/chart-datum';
import { ColumnChart } from '../../../components/charts/column-chart';
import { PagePanel } from '../../../components/page/page-panel';
import { bucketsOf } from '../../dashboard/buckets';
import { addDays, daysIn } from '../../dashboard/drill-down';
import type { TicketStatistics } from '../tickets-api';
import { useWorkFormats } from './work-formats';

/** Beyond this many members a day's tooltip would outgrow the chart: it then shows the day's total alone. */
const MAX_TOOLTIP_MEMBERS = 10;

/**
 * A column per day from the first acceptance to the last (per month over long tickets, as the
 * dashboards do), days without acceptances as zero so the pace reads true; each column's figures
 * are its items by member.
 */
function perDayData(perDay: TicketStatistics['perDay']): ChartDatum[] {
  if (!perDay.length) return [];
  const byDay = new Map<string, Record<string, number>>();
  for (const { day, member, items } of perDay) {
    const members = byDay.get(day) ?? {};
    members[member] = (members[member] ?? 0) + items;
    byDay.set(day, members);
  }
  const known = [...byDay.keys()].sort();
  const from = known[0]!;
  const days = Array.from({ length: daysIn({ from, to: known.at(-1)! }) }, (_, index) => {
    const day = addDays(from, index);
    const sums = byDay.get(day) ?? {};
    return { day, count: Object.values(sums).reduce((total, items) => total + items, 0), sums };
  });
  return bucketsOf(days).map((bucket) => ({
    key: bucket.key,
    label: bucket.key,
    value: bucket.count,
    figures: bucket.sums,
    ...(bucket.from !== bucket.to && { caption: `${bucket.from} ~ ${bucket.to}` }),
  }));
}

/** The items accepted each day (China time), with each member's part in the tooltip while the team is small. */
export function PerDayChart({ perDay }: { perDay: TicketStatistics['perDay'] }) {
  const { t } = useTranslation();
  const { count } = useWorkFormats();
  const title = t('ticket:stats.perDay');
  const members = [...new Set(perDay.map((row) => row.member))].sort();
  const details: ChartDetail[] = members.length <= MAX_TOOLTIP_MEMBERS ? members.map((member) => ({ key: member, name: member, format: count })) : [];
  return (
    <PagePanel title={title}>
      <ColumnChart
        data={perDayData(perDay)}
        value={{ name: t('ticket:stats.itemsDone'), format: count }}
        details={details}
        title={title}
        scale={{ least: 4 }}
        testId="statistics-per-day"
      />
    </PagePanel>
  );
}
