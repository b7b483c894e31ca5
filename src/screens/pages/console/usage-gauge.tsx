import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { gaugeReading } from '../../components/charts/chart-configs';
import { GaugeChart } from '../../components/charts/gauge-chart';
import { formatBytes } from '../../components/schema/cells/format';

/**
 * Used against quota as a dial, its figures written beside it: unlimited quotas show the use alone;
 * unrecorded use says so. The written share is the true one (over 100 % when over quota), the needle stops at full.
 */
export function UsageGauge({ used, quota, title, testId }: { used: number | null; quota: number | null; title: string; testId?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { percent, over } = gaugeReading(used, quota);
  const share = percent === null ? undefined : `${percent.toFixed(1)}%`;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 24, flexWrap: 'wrap' }} data-testid={testId}>
      <GaugeChart percent={percent} text={share ?? (used === null ? '-' : '∞')} title={title} />
      <dl style={{ margin: 0, lineHeight: 1.9 }}>
        <dt style={{ color: token.colorTextSecondary }}>{t('quota:used')}</dt>
        <dd style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>
          {used === null ? t('quota:notRecorded') : formatBytes(used)}
          {share && <span style={{ marginInlineStart: 8, color: token.colorTextSecondary, fontWeight: 'normal' }}>{share}</span>}
        </dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('quota:quota')}</dt>
        <dd style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>{quota === null ? t('quota:unlimited') : formatBytes(quota)}</dd>
        {over && <dd style={{ margin: 0, color: token.colorError }}>{t('quota:over')}</dd>}
      </dl>
    </div>
  );
}
