import { Typography } from 'antd';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/zh_CN';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE, nextFireTimes } from '../../../../../model/schemas/cron-schedule';
import type { FieldDecl } from '../../../../../model/schemas/engine/types';
import { dayjs } from '../shared/dayjs-locale';
import { issueText } from './issue-text';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

const COUNT = 5;

export interface CronPreviewProps {
  /** The cron field: its own rules say whether the expression is valid, and in what words. */
  field: FieldDecl;
  expression: string;
  /** IANA zone; empty is the schedules' default. */
  timezone: string;
  /** Whether to say what is wrong with an invalid expression. */
  showFault?: boolean;
}

/** cronstrue's words for an expression, or none where it cannot describe what croner accepts. */
function describe(expression: string, english: boolean): string | undefined {
  try {
    return cronstrue.toString(expression, { locale: english ? 'en' : 'zh_CN', use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return undefined;
  }
}

/**
 * What a cron expression means and its next five fire times in its zone (spec §9 date format, with
 * the weekday), from the same schedule the server fires; or why it is refused, in the field's own message.
 */
export default function CronPreview({ field, expression, timezone, showFault = true }: CronPreviewProps) {
  const { t, i18n } = useTranslation();
  const checked = field.input.safeParse(expression);
  if (!checked.success) {
    if (!showFault) return null;
    return (
      <Typography.Text type="danger" className="edp-cron-preview" role="alert">
        {issueText(field.input, checked.error.issues[0]!, t)}
      </Typography.Text>
    );
  }
  const english = i18n.language === 'en_US';
  const zone = timezone || DEFAULT_TIMEZONE;
  const times = nextFireTimes(expression, zone, COUNT);
  const description = describe(expression, english);
  return (
    <div className="edp-cron-preview" aria-live="polite" style={{ marginTop: 8 }}>
      {description && <Typography.Text strong>{description}</Typography.Text>}
      <div>
        <Typography.Text type="secondary">{t(`${field.label.split(':')[0]}:cronPreview.nextFireTimes`, { count: times.length, zone })}</Typography.Text>
      </div>
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {times.map((time) => (
          <li key={time.getTime()}>
            <Typography.Text type="secondary">
              {dayjs(time)
                .locale(english ? 'en' : 'zh-cn')
                .tz(zone)
                .format('YYYY-MM-DD HH:mm:ss ddd')}
            </Typography.Text>
          </li>
        ))}
      </ol>
    </div>
  );
}
