import { Progress, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../components/schema/cells/format';

/** Used against quota as a dial: unlimited quotas show the use alone; unrecorded use says so. */
export function UsageGauge({ used, quota, testId }: { used: number | null; quota: number | null; testId?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const percent = used !== null && quota ? (used / quota) * 100 : used !== null && quota === 0 && used > 0 ? 100 : 0;
  const over = used !== null && quota !== null && used > quota;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 24, flexWrap: 'wrap' }} data-testid={testId}>
      <Progress
        type="dashboard"
        percent={Math.min(percent, 100)}
        status={over ? 'exception' : percent >= 90 ? 'active' : 'normal'}
        strokeColor={over || percent >= 90 ? token.colorError : percent >= 75 ? token.colorWarning : undefined}
        format={() => (used === null ? '-' : quota === null ? '∞' : `${percent.toFixed(1)}%`)}
      />
      <dl style={{ margin: 0, lineHeight: 1.9 }}>
        <dt style={{ color: token.colorTextSecondary }}>{t('quota:used')}</dt>
        <dd style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>{used === null ? t('quota:notRecorded') : formatBytes(used)}</dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('quota:quota')}</dt>
        <dd style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>{quota === null ? t('quota:unlimited') : formatBytes(quota)}</dd>
        {over && <dd style={{ margin: 0, color: token.colorError }}>{t('quota:over')}</dd>}
      </dl>
    </div>
  );
}
