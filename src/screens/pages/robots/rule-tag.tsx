import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RobotTopic } from '../../../../model/schemas/robot-report';

type Rule = RobotTopic['rules'][number];

/** A rule's state in antd's colours: quiet when met, amber while it waits out its window, red once it fires. */
const STATE_COLORS: Record<Rule['state'], string> = { ok: 'green', pending: 'gold', firing: 'red' };

/**
 * One rule watching a topic: its name, what it asks (a frame rate, or only that messages keep coming
 * within its window) and its state, written as well as coloured so it reads without the colour.
 */
export function RuleTag({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const within = t('robot:page.window', { seconds: rule.windowSeconds });
  const asks = rule.frameRate === null ? within : t('robot:page.threshold', { rate: rule.frameRate });
  return (
    <Tag color={STATE_COLORS[rule.state]} title={`${asks} · ${within}`} data-state={rule.state}>
      {rule.name} · {asks} · {t(`robot:page.state.${rule.state}`)}
    </Tag>
  );
}
