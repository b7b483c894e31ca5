import { describe, expect, it } from 'vitest';
import { TopicTimeline } from '../../../../../src/screens/pages/raw-data/topic-timeline';
import { rendered } from '../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const from = Date.parse('2026-11-01T00:00:00.000Z');
const to = from + 10_000;

describe('a topic on the recording’s timeline', () => {
  it('is a bar from its first to its last message, within the recording’s span', async () => {
    const container = await rendered(<TopicTimeline topic={{ start: '2026-11-01T00:00:02.000Z', end: '2026-11-01T00:00:07.000Z' }} from={from} to={to} />);
    const bar = container.querySelector('[role=img]')!.firstElementChild as HTMLElement;
    expect(bar.style.left).toBe('20%');
    expect(bar.style.width).toBe('50%');
  });

  it('is nothing for a topic without messages', async () => {
    const container = await rendered(<TopicTimeline topic={{ start: null, end: null }} from={from} to={to} />);
    expect(container.innerHTML).toBe('');
  });
});
