import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import CronPreview from '../../../../../../src/screens/components/schema/form/cron-preview';
import { changeLanguage, i18n, loadNamespaces } from '../../../../../../src/providers/i18n';
import { task } from '../../../../../../model/schemas/task';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const field = task.fields.cronExpression;
let root: Root | undefined;

async function rendered(node: ReactNode): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
  return container;
}
const times = (container: HTMLElement) => [...container.querySelectorAll('li')].map((item) => item.textContent);

beforeAll(() => loadNamespaces(['task']));
afterEach(async () => {
  act(() => root?.unmount());
  vi.useRealTimers();
  await changeLanguage('zh_CN');
});

describe('the cron field’s preview', () => {
  it('describes the expression and lists its next five fire times in the task’s zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
    const container = await rendered(<CronPreview field={field} expression="0 2 * * *" timezone="Asia/Shanghai" />);
    expect(container.textContent).toContain('在02:00');
    expect(container.textContent).toContain('接下来 5 次触发时间（Asia/Shanghai）');
    expect(times(container)).toEqual([
      '2026-11-24 02:00:00 周二',
      '2026-11-25 02:00:00 周三',
      '2026-11-26 02:00:00 周四',
      '2026-11-27 02:00:00 周五',
      '2026-11-28 02:00:00 周六',
    ]);
  });

  it('reads the expression in another zone, in English', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
    await changeLanguage('en_US');
    const container = await rendered(<CronPreview field={field} expression="30 3 * * MON" timezone="America/New_York" />);
    expect(container.textContent).toContain('At 03:30, only on Monday');
    expect(container.textContent).toContain('Next 5 fire times (America/New_York)');
    expect(times(container)).toEqual([
      '2026-11-30 03:30:00 Mon',
      '2026-12-07 03:30:00 Mon',
      '2026-12-14 03:30:00 Mon',
      '2026-12-21 03:30:00 Mon',
      '2026-12-28 03:30:00 Mon',
    ]);
  });

  it('reads an empty zone as the default one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
    const container = await rendered(<CronPreview field={field} expression="*/30 * * * *" timezone="" />);
    expect(container.textContent).toContain('（Asia/Shanghai）');
    expect(times(container)[0]).toBe('2026-11-23 20:30:00 周一');
  });

  it('says why an expression is refused, in the field’s own message, and no fire times', async () => {
    const container = await rendered(<CronPreview field={field} expression="61 * * * *" timezone="Asia/Shanghai" />);
    expect(container.querySelector('[role=alert]')?.textContent).toBe('Cron 表达式格式不正确（5 段：分 时 日 月 周，如 0 2 * * *）');
    expect(times(container)).toEqual([]);
    const never = await rendered(<CronPreview field={field} expression="0 0 30 2 *" timezone="Asia/Shanghai" />);
    expect(never.textContent).toBe('Cron 表达式永远不会触发（指定的日期不存在，如 2 月 30 日）');
  });

  it('says nothing of a refused expression once the form says it', async () => {
    const container = await rendered(<CronPreview field={field} expression="* * * *" timezone="Asia/Shanghai" showFault={false} />);
    expect(container.innerHTML).toBe('');
  });
});
