import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityListEntry, recordPath } from '../../model/resources/index';
import type { FieldDecl } from '../../model/schemas/engine/types';
import { task } from '../../model/schemas/task';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { fillField } from './helpers/forms';
import { apiAs, detailValue, runTag } from './helpers/runs';

/** In the browser: a task run from its list, a log followed live, a run terminated, a long log paged, searched and downloaded. */
const browser = useBrowser();
const INSTANCE = /\/app\/taskFlow\/ops\/instanceDetail\/(\d+)$/;
const instanceIdOf = (page: Page) => Number(INSTANCE.exec(new URL(page.url()).pathname)![1]);
/** The seqs of the log rows rendered (the viewer is virtualised: only those near the view). */
const renderedSeqs = (page: Page) =>
  page
    .getByTestId('log-viewer')
    .locator('.edp-log-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-seq'))));
const history = (page: Page) => page.getByTestId('instance-state-history').getByTestId('instance-status').allInnerTexts();

describe('task runs', () => {
  it('runs a seeded task from the task list after showing what will run, and its page follows it to success', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/taskFlow/dev/task'));
    const row = page.locator('.ant-table-row').filter({ hasText: 'bag-slice-nightly' });
    await row.getByTestId('task-run').click();

    const dialog = page.getByRole('dialog').filter({ hasText: '现在运行 bag-slice-nightly？' });
    const summary = dialog.getByTestId('run-summary');
    await summary.waitFor();
    const shown = await summary.innerText();
    expect(shown).toMatch(/镜像\s+\S+/);
    expect(shown).toMatch(/内存\s+16(\.00)? GB/);
    expect(shown).toMatch(/超时时间\s+2小时/);
    expect(shown).toContain('INPUT_PREFIX=raw/2026/11/');
    expect(shown).toContain('WINDOW_SECONDS=10');
    expect(shown).toContain('import os, random, time');
    await dialog.getByRole('button', { name: /运\s*行/ }).click();

    await page.waitForURL(INSTANCE);
    await detailValue(page, '任务名称').getByText('bag-slice-nightly').waitFor();
    // No reload: the page follows the run to its end.
    await expect.poll(() => detailValue(page, '状态').innerText(), { timeout: 30_000 }).toBe('成功');
    await expect.poll(() => history(page), { timeout: 10_000 }).toEqual(['等待中', '运行中', '成功']);
    expect(await detailValue(page, '运行时长').innerText()).toMatch(/^\d+秒$/);
    const tail = page.getByTestId('instance-log-tail');
    await tail.getByText(/^slicing 6 bags from raw\/2026\/11\//).waitFor();
    await tail.getByText('done', { exact: true }).waitFor();
    await tail.getByText(/UR5E-A012_20261122_1300\.mcap: \d+ slices/).waitFor();
    await context.close();
  });

  it('a task made on the form (with its schedule and zone) runs, and its log page shows lines as they are printed', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const list = entityListEntry('task')!;
    const name = `e2e-ticks-${runTag()}`;
    await page.goto(appUrl(recordPath(list, 'create')));
    const field = (key: string) => task.fields[key as keyof typeof task.fields] as FieldDecl;
    await fillField(page, 'name', field('name'), name);
    await fillField(page, 'owner', field('owner'), 'admin');
    await fillField(page, 'taskType', field('taskType'), undefined, 0);
    await fillField(page, 'taskCategory', field('taskCategory'), undefined, 0);
    await page.locator('.ant-select:has(#field-triggerType)').click();
    await page.locator('.ant-select-dropdown:has(#field-triggerType_list) .ant-select-item-option').filter({ hasText: '定时触发' }).click();
    // 03:00 on 1 January: it will not fire during the test.
    await page.locator('#field-cronExpression').fill('0 3 1 1 *');
    await page.locator('.ant-select:has(#field-timezone)').click();
    // The zones' list is longer than its dropdown shows: down the list with the keyboard to UTC.
    const active = page.locator('.ant-select-dropdown:has(#field-timezone_list) .ant-select-item-option-active');
    for (let step = 0; step < 30 && (await active.innerText()) !== '协调世界时（UTC）'; step += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-select:has(#field-timezone) .ant-select-selection-item').innerText()).toBe('协调世界时（UTC）');
    await page.locator('.edp-cron-preview').getByText('接下来 5 次触发时间（UTC）').waitFor();
    await expect.poll(() => page.locator('.edp-cron-preview li').first().innerText()).toMatch(/^\d{4}-01-01 03:00:00 /);
    await fillField(page, 'image', field('image'), undefined, 0);
    await fillField(page, 'memory', field('memory'), 512 * 1024 ** 2);
    await fillField(page, 'timeoutTime', field('timeoutTime'), 120);
    await page.locator('#field-environment').fill('TICKS=8');
    await fillField(
      page,
      'code',
      field('code'),
      'import os, time\nfor i in range(int(os.environ["TICKS"])): print("tick", i, flush=True); time.sleep(1)\nprint("all ticks done")\n',
    );
    await page
      .locator('.edp-entity-form')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const details = page.getByTestId('record-details');
    await details.getByText(name, { exact: true }).first().waitFor();
    expect(await detailValue(page, 'Cron 表达式').innerText()).toContain('0 3 1 1 *');
    expect(await detailValue(page, '时区').innerText()).toContain('UTC');

    // Run from its page: the confirmation shows its environment and code.
    await page.getByTestId('task-run').click();
    const summary = page.getByRole('dialog').getByTestId('run-summary');
    await summary.getByText('TICKS=8').waitFor();
    await summary.getByText(/print\("tick", i, flush=True\)/).waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /运\s*行/ })
      .click();
    await page.waitForURL(INSTANCE);
    const id = instanceIdOf(page);
    await page.getByTestId('instance-log-link').click();
    await page.waitForURL((url) => url.pathname === `/app/taskFlow/ops/instanceLog/${id}`);

    const viewer = page.getByTestId('log-viewer');
    await viewer
      .getByText(/^tick \d+$/)
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByTestId('log-stream-state').getByText('实时').waitFor();
    const before = Math.max(...(await renderedSeqs(page)));
    expect(before).toBeLessThan(7); // still running
    // Lines printed after the page opened arrive without a reload, and the view stays at the newest.
    await expect.poll(async () => Math.max(...(await renderedSeqs(page))), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
    await viewer.getByText('all ticks done').waitFor({ timeout: 20_000 });
    await page.getByTestId('log-stream-state').getByText('已结束').waitFor();
    await page.getByTestId('instance-log').getByText('运行已结束，日志共 9 行。').waitFor();
    await expect.poll(() => page.getByTestId('instance-status').first().innerText()).toBe('成功');
    await context.close();
  });

  it('terminates a long run from its page: terminated, with its duration, and its log stops', async () => {
    const client = await apiAs();
    const { id: taskId } = await client.createTask(
      `e2e-long-${runTag()}`,
      'import time\nfor i in range(1200):\n    print(f"still working {i}", flush=True)\n    time.sleep(0.5)\n',
    );
    const id = await client.runTask(taskId);
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl(`/taskFlow/ops/instanceDetail/${id}`));
    await expect.poll(() => detailValue(page, '状态').innerText(), { timeout: 20_000 }).toBe('运行中');
    const tail = page.getByTestId('instance-log-tail');
    await tail.getByText('still working 2', { exact: true }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: /^终\s*止$/ }).click();
    await page
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => detailValue(page, '状态').innerText(), { timeout: 20_000 }).toBe('已终止');
    expect(await detailValue(page, '运行时长').innerText()).toMatch(/^\d+秒$/);
    expect(await detailValue(page, '终止人').innerText()).toContain('admin');
    await expect.poll(() => history(page)).toEqual(['等待中', '运行中', '已终止']);
    // Its process is gone: no line is added afterwards, on the server or on the page.
    const ended = await client.logTotal(id);
    const lastShown = await tail.locator('.edp-log-row').last().innerText();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await client.logTotal(id)).toBe(ended);
    expect(await tail.locator('.edp-log-row').last().innerText()).toBe(lastShown);
    expect((await client.instance(id)).status).toBe('terminated');

    // The instance list says so too.
    await page.goto(appUrl('/taskFlow/ops/instance'));
    const row = page.locator('.ant-table-row').filter({ has: page.locator(`a[href="/app/taskFlow/ops/instanceDetail/${id}"]`) });
    await row.getByText('已终止').waitFor();
    await context.close();
  });

  it('a run that prints metric lines charts each metric on its page, with its last value', async () => {
    const client = await apiAs();
    const code = 'for step in range(1, 301):\n    print(f"##edp:metric loss={1 / step:.4f} accuracy={step / 300:.3f} step={step}")\n';
    const { id: taskId } = await client.createTask(`e2e-metrics-${runTag()}`, code);
    const id = await client.runTask(taskId);
    await client.waitForInstance(id, ['succeeded'], 45_000);

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl(`/taskFlow/ops/instanceDetail/${id}`));
    const metrics = page.getByTestId('run-metrics');
    await expect.poll(() => metrics.getByTestId('metric-chart').count(), { timeout: 20_000 }).toBe(2);
    expect(await metrics.getByTestId('metric-summary').allInnerTexts()).toEqual([
      '共上报 300 次，最新值 1（第 300 步）',
      '共上报 300 次，最新值 0.0033（第 300 步）',
    ]);
    // Drawn by the chart library, each into its own canvas.
    await expect.poll(() => metrics.locator('.edp-chart-canvas canvas').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('a 20,000-line log opens at its last 500 lines, pages back on scrolling up, finds a line and downloads whole', async () => {
    const client = await apiAs();
    const { id: taskId } = await client.createTask(`e2e-chatty-${runTag()}`, 'for i in range(20000):\n    print(f"line {i}")\n');
    const id = await client.runTask(taskId);
    await client.waitForInstance(id, ['succeeded'], 45_000);
    expect(await client.logTotal(id)).toBe(20_000);

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl(`/taskFlow/ops/instanceLog/${id}`));
    const viewer = page.getByTestId('log-viewer');
    await viewer.getByText('line 19999', { exact: true }).waitFor();
    expect(await page.getByTestId('log-count').innerText()).toBe('第 19,501–20,000 行，共 20,000 行');
    expect(Math.min(...(await renderedSeqs(page)))).toBeGreaterThan(19_500);

    // Scrolling up pages back: older lines load above, 500 at a time.
    await viewer.hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -4000);
          return Math.min(...(await renderedSeqs(page)));
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBeLessThanOrEqual(19_001);
    // The rows shown up there are the older lines, each in its place.
    const rows = await viewer
      .locator('.edp-log-row')
      .evaluateAll((found) => found.map((row) => [Number(row.getAttribute('data-seq')), row.querySelector('.edp-log-text')?.textContent] as const));
    expect(rows.length).toBeGreaterThan(20);
    for (const [seq, text] of rows) expect(text).toBe(`line ${seq - 1}`);
    expect(await page.getByTestId('log-count').innerText()).toMatch(/^第 \d{1,2},\d{3}–20,000 行，共 20,000 行$/);

    // Search: the match is listed, and a click brings its line into view.
    await page.getByPlaceholder('搜索日志').fill('line 12345');
    await page.getByPlaceholder('搜索日志').press('Enter');
    const results = page.getByTestId('log-search-results');
    await results.getByText('“line 12345”共 1 处匹配', { exact: false }).waitFor();
    await results.locator('button[data-seq="12346"]').click();
    await viewer.locator('.edp-log-row[data-seq="12346"]').getByText('line 12345').waitFor();

    // Download: the whole log, one line per entry.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^edp-e2e-chatty-.*\.log$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(lines).toHaveLength(20_000);
    expect(lines[0]).toMatch(/^\S+ stdout line 0$/);
    expect(lines.at(-1)).toMatch(/^\S+ stdout line 19999$/);
    await context.close();
  });

  it('the log page of an instance that does not exist says it could not load the log, and is not left "connecting"', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/taskFlow/ops/instanceLog/987654321'));
    await page.getByTestId('instance-log').getByText('日志加载失败').waitFor();
    expect(await page.getByTestId('log-stream-state').innerText()).toBe('未在跟随');
    await context.close();
  });
});
