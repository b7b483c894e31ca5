import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CronInput, type FormControl } from '../../../../../../src/screens/components/schema/form/cron-input';
import { i18n, loadNamespaces } from '../../../../../../src/providers/i18n';
import { task } from '../../../../../../model/schemas/task';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false; // the lazy preview and the debounce run on their own

type Values = Record<string, unknown>;
let setValue: (name: string, value: unknown) => void = () => undefined;

/** The cron field in a form that also holds its zone, as the generated form has them. */
function Harness({ expression, timezone }: { expression: string; timezone: string }) {
  const form = useForm<Values>({ defaultValues: { cronExpression: expression, timezone } });
  setValue = (name, value) => form.setValue(name, value);
  const value = form.watch('cronExpression') as string;
  return (
    <CronInput
      id="field-cronExpression"
      name="cronExpression"
      field={task.fields.cronExpression}
      value={value}
      onChange={(next) => form.setValue('cronExpression', next)}
      control={form.control as unknown as FormControl}
    />
  );
}

let root: Root | undefined;
function open(expression: string, timezone: string) {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <I18nextProvider i18n={i18n}>
      <Harness expression={expression} timezone={timezone} />
    </I18nextProvider>,
  );
  return container;
}
const firstTime = (container: HTMLElement) => container.querySelector('li')?.textContent;

beforeAll(() => loadNamespaces(['task']));
afterEach(() => root?.unmount());

describe('the cron field on a form', () => {
  it('previews the expression in the zone the form names, and follows both as they change', async () => {
    const container = open('0 2 * * *', 'Asia/Shanghai');
    // The first preview imports its chunk (cronstrue, dayjs's zone plugins) cold: seconds on a busy machine.
    await expect.poll(() => container.textContent, { timeout: 15_000 }).toContain('（Asia/Shanghai）');
    expect(firstTime(container)).toMatch(/ 02:00:00 /);

    act(() => setValue('timezone', 'UTC'));
    await expect.poll(() => container.textContent).toContain('（UTC）');
    expect(firstTime(container)).toMatch(/ 02:00:00 /);

    act(() => setValue('cronExpression', '15 4 * * *'));
    await expect.poll(() => firstTime(container)).toMatch(/ 04:15:00 /);
  });

  it('shows nothing under an empty field, and the field’s message for a malformed expression', async () => {
    const container = open('', 'Asia/Shanghai');
    await expect.poll(() => container.querySelector('input')).not.toBeNull();
    expect(container.querySelector('.edp-cron-preview')).toBeNull();
    act(() => setValue('cronExpression', '* * * *'));
    await expect.poll(() => container.querySelector('[role=alert]')?.textContent).toBe('Cron 表达式格式不正确（5 段：分 时 日 月 周，如 0 2 * * *）');
  });
});
