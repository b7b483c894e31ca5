import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '../../../components/page/page-panel';
import type { TicketStatistics } from '../tickets-api';
import { useWorkFormats } from './work-formats';

/**
 * When the ticket should be done at the last week's pace. The server gives no date both when nothing
 * is left and when nothing was accepted yet to take a pace from: the items left tell the two apart.
 */
export function StatisticsForecast({ forecast }: { forecast: TicketStatistics['forecast'] }) {
  const { t } = useTranslation();
  const { count, pace } = useWorkFormats();
  const { remainingItems, itemsPerDay, finishDate } = forecast;
  return (
    <PagePanel title={t('ticket:stats.forecast')}>
      <div data-testid="statistics-forecast">
        {remainingItems === 0 ? (
          <Typography.Text>{t('ticketStatistics:allAccepted')}</Typography.Text>
        ) : finishDate === null ? (
          <Typography.Text type="secondary">{t('ticket:stats.noForecast')}</Typography.Text>
        ) : (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {t('ticketStatistics:finishOn', { date: finishDate })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('ticketStatistics:pace', { perDay: pace(itemsPerDay), remaining: count(remainingItems) })}</Typography.Text>
          </>
        )}
      </div>
    </PagePanel>
  );
}
