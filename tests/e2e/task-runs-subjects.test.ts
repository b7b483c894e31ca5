import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityListEntry } from '../../model/resources/index';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { apiAs, cellOf, confirmPopup, runTag } from './helpers/runs';

/** In the browser: a training record's start runs its task and stop terminates it; a model export's progress moves on its list. */
const browser = useBrowser();
const apiOf = (entity: string) => entityListEntry(entity)!.api;
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const percent = async (cell: Locator) => Number((await cell.innerText()).replace(/[^\d]/g, '') || NaN);

/** Training code as the platform expects it: a progress line per step. */
const TRAIN = [
  'import json, os, time',
  'steps = json.load(open(os.environ["EDP_CONFIG_FILE"]))["steps"]',
  'print("training", os.environ["EDP_TRAINING_RECORD_NAME"], "for", steps, "steps", flush=True)',
  'for step in range(1, steps + 1):',
  '    time.sleep(0.4)',
  '    print(json.dumps({"step": step, "loss": round(2.5 / step, 4)}), flush=True)',
  '    print(f"##edp:progress {step * 100 // steps}", flush=True)',
].join('\n');

describe('runs for training records and model exports', () => {
  it('starts a training record whose task exists, shows its progress, stops it, and its run is terminated', async () => {
    const client = await apiAs();
    const tag = runTag();
    const taskName = `e2e-train-${tag}`;
    const { id: taskId } = await client.createTask(taskName, TRAIN, { taskType: 'training' });
    const recordName = `e2e-training-${tag}`;
    await client.call('POST', `${apiOf('training-record')}/create`, { name: recordName, task: taskName, foundationModel: 'act', config: '{"steps": 300}' });

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/training/records'));
    const row = rowOf(page, recordName);
    await row.getByRole('button', { name: /^启\s*动$/ }).click();
    const status = await cellOf(page, row, '运行状态');
    const progress = await cellOf(page, row, '进度');
    // The list looks again by itself while a run is under way.
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('运行中');
    await expect.poll(() => percent(progress), { timeout: 20_000 }).toBeGreaterThan(0);
    const seen = await percent(progress);
    await expect.poll(() => percent(progress), { timeout: 20_000 }).toBeGreaterThan(seen);

    await row.getByRole('button', { name: /^停\s*止$/ }).click();
    await confirmPopup(page);
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('已停止');
    const [run] = await client.records(`/taskFlow/instance/query?task=${taskId}`);
    await client.waitForInstance(Number(run!.id), ['terminated'], 20_000);

    // The run's page says who stopped it and what it printed.
    await page.goto(appUrl(`/taskFlow/ops/instanceDetail/${run!.id}`));
    await page.getByTestId('record-details').getByText('已终止').waitFor();
    await page.getByTestId('instance-log-tail').getByText(`training ${recordName} for 300 steps`).waitFor();
    await page
      .getByTestId('instance-log-tail')
      .getByText(/^\{"step": 1, "loss": 2\.5\}$/)
      .waitFor();
    await context.close();
  });

  it('starts a model export: its progress moves on the export list without a reload, and it ends in success', async () => {
    const client = await apiAs();
    const [card] = await client.records(`${apiOf('model-card')}/query`);
    const [server] = await client.records(`${apiOf('compile-server')}/query`);
    const target = `e2e-export-${runTag()}`;
    await client.call('POST', `${apiOf('model-export')}/create`, {
      targetModelId: target,
      sourceModelId: card!.id,
      exportType: 'onnx',
      targetModelType: 'onnx',
      compileServerId: server!.id,
    });

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/training/model/export'));
    const row = rowOf(page, target);
    await row.getByRole('button', { name: /^开始导出$/ }).click();
    await confirmPopup(page);
    const status = await cellOf(page, row, '状态');
    const progress = await cellOf(page, row, '进度（%）');
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe('导出中');

    // Watched without a reload: every value the column shows until the export ends.
    const shown = new Set<number>();
    await expect
      .poll(
        async () => {
          shown.add(await percent(progress));
          return status.innerText();
        },
        { timeout: 40_000, interval: 250 },
      )
      .toBe('导出成功');
    shown.add(await percent(progress));
    expect(await percent(progress)).toBe(100);
    // It moved: at least one value between the start and the end was shown on the way.
    expect(
      [...shown].some((value) => value > 0 && value < 100),
      `progress shown: ${[...shown].join(', ')}`,
    ).toBe(true);
    await context.close();
  });
});
