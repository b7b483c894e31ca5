import { Empty, Flex, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogues } from '../../hooks/use-catalogues';
import { PerDayChart } from './statistics/per-day-chart';
import { StatisticsExport } from './statistics/statistics-export';
import { StatisticsForecast } from './statistics/statistics-forecast';
import { useWorkFormats } from './statistics/work-formats';
import { ticketsApi, type TicketStatistics as Statistics, type WorkFigures } from './tickets-api';

/** A column of the figures table: its text for a member's row and for the ticket's total alike. */
interface FigureColumn {
  key: string;
  title: string;
  text: (row: WorkFigures) => string;
}

/**
 * A ticket's statistic tab: each member's work and the whole ticket's (the same columns as the CSV),
 * the items accepted per day, the finish forecast, and the CSV of chosen collectors. `members` are the
 * team's member codes, to choose collectors from.
 */
export default function TicketStatistics({ ticketId, members }: { ticketId: number; members: string[] }) {
  useCatalogues(['ticket', 'ticketStatistics']);
  const { t } = useTranslation();
  const formats = useWorkFormats();
  // Kept with the ticket they answer for, so another ticket's figures never show while its own load;
  // no statistics: the call failed, and the HTTP layer has told the user why.
  const [loaded, setLoaded] = useState<{ ticketId: number; statistics?: Statistics }>();

  useEffect(() => {
    let current = true;
    ticketsApi.statistics(ticketId).then(
      (statistics) => current && setLoaded({ ticketId, statistics }),
      () => current && setLoaded({ ticketId }),
    );
    return () => void (current = false);
  }, [ticketId]);

  const columns: FigureColumn[] = [
    { key: 'member', title: t('ticket:stats.member'), text: (row) => row.member ?? t('ticket:stats.total') },
    { key: 'jobsAssigned', title: t('ticket:stats.jobsAssigned'), text: (row) => formats.count(row.jobsAssigned) },
    { key: 'itemsAssigned', title: t('ticket:stats.itemsAssigned'), text: (row) => formats.count(row.itemsAssigned) },
    { key: 'jobsDone', title: t('ticket:stats.jobsDone'), text: (row) => formats.count(row.jobsDone) },
    { key: 'itemsDone', title: t('ticket:stats.itemsDone'), text: (row) => formats.count(row.itemsDone) },
    { key: 'rejections', title: t('ticket:stats.rejections'), text: (row) => formats.count(row.rejections) },
    { key: 'firstPass', title: t('ticket:stats.firstPass'), text: (row) => formats.percent(row.firstPassRate) },
    { key: 'rework', title: t('ticket:stats.rework'), text: (row) => formats.count(row.rework) },
    { key: 'timeInProgress', title: t('ticket:stats.timeInProgress'), text: (row) => formats.duration(row.secondsInProgress) },
    { key: 'itemsPerHour', title: t('ticket:stats.itemsPerHour'), text: (row) => formats.pace(row.itemsPerHour) },
  ];
  const alignOf = (key: string) => (key === 'member' ? 'left' : 'right');
  const statistics = loaded?.ticketId === ticketId ? loaded.statistics : undefined;

  return (
    <Flex vertical gap={16} data-testid="ticket-statistics">
      {/* keyed by the team: the choice starts from all of a team that arrives after the tab */}
      <StatisticsExport key={members.join(',')} ticketId={ticketId} members={members} />
      {loaded?.ticketId !== ticketId ? (
        <Spin style={{ padding: 48 }} />
      ) : !statistics ? (
        <Empty />
      ) : (
        <>
          <div data-testid="statistics-table">
            <Table<WorkFigures>
              size="small"
              rowKey={(row) => row.member ?? ''}
              dataSource={statistics.members}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={columns.map(({ key, title, text }) => ({ key, title, align: alignOf(key), render: (_: unknown, row: WorkFigures) => text(row) }))}
              summary={() => (
                <Table.Summary.Row>
                  {columns.map(({ key, text }, index) => (
                    <Table.Summary.Cell key={key} index={index} align={alignOf(key)}>
                      <Typography.Text strong>{text(statistics.total)}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )}
            />
          </div>
          <PerDayChart perDay={statistics.perDay} />
          <StatisticsForecast forecast={statistics.forecast} />
        </>
      )}
    </Flex>
  );
}
