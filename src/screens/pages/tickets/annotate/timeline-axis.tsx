import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/schema/cells/format';
import { LABEL_WIDTH } from './timeline-row';
import { axisTicks, percentAt, tickDecimals } from './timeline-math';

/** Seconds from the recording's start, at round steps along the track. */
export function TimelineAxis({ duration }: { duration: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const ticks = axisTicks(duration);
  const decimals = tickDecimals(ticks[1] !== undefined ? ticks[1] - ticks[0]! : 1);
  return (
    <div style={{ display: 'flex', height: 24, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
      <div style={{ width: LABEL_WIDTH, flex: 'none', padding: '0 8px', lineHeight: '24px' }}>{t('annotate:timeline.axis')}</div>
      <div style={{ position: 'relative', flex: 1 }}>
        {ticks.map((tick) => {
          const left = percentAt(tick, duration);
          // The first and last marks' numbers stay on the track.
          const shift = left < 3 ? '0' : left > 97 ? '-100%' : '-50%';
          return (
            <span key={tick} style={{ position: 'absolute', left: `${left}%`, bottom: 0, transform: `translateX(${shift})`, whiteSpace: 'nowrap' }}>
              <span style={{ display: 'block', lineHeight: '18px' }}>{formatNumber(tick, decimals)}</span>
              <span
                style={{
                  display: 'block',
                  width: 1,
                  height: 4,
                  marginLeft: shift === '0' ? 0 : shift === '-100%' ? 'auto' : '50%',
                  background: token.colorBorder,
                }}
              />
            </span>
          );
        })}
      </div>
    </div>
  );
}
