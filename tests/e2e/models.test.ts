import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityListEntry, recordPath } from '../../model/resources/index';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { apiAs, cellOf, confirmPopup, detailValue, runTag } from './helpers/runs';

/**
 * In the browser, as a team's first day goes: a training record started from its list runs the
 * space's training task; its success makes a model card whose page leads back to the run and the
 * dataset versions, lists the model's files and draws its loss; the card exported on a compile
 * server keeps the artifact its run wrote.
 */
const browser = useBrowser();
const apiOf = (entity: string) => entityListEntry(entity)!.api;
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

describe('from a training run to a model and its export', () => {
  it('trains, makes the model card with its lineage, files and loss curve, and exports it into an artifact', async () => {
    const client = await apiAs();
    const tag = runTag();
    const name = `e2e-policy-${tag}`;
    const [version] = await client.records(`${apiOf('dataset-version')}/query?pageSize=1`);
    const record = await client.call<{ id: number }>('POST', `${apiOf('training-record')}/create`, {
      name,
      task: 'policy-train',
      foundationModel: 'act',
      config: '{"steps": 5}',
    });
    await client.call('POST', `${apiOf('training-record-dataset')}/create`, { trainingRecordId: record.id, datasetVersionId: version!.id });

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/training/records'));
    const row = rowOf(page, name);
    await row.getByRole('button', { name: /^启\s*动$/ }).click();
    const status = await cellOf(page, row, '运行状态');
    await expect.poll(() => status.innerText(), { timeout: 60_000 }).toBe('已完成');

    // The card its success made: nobody typed it.
    const [card] = await client.records(`${apiOf('model-card')}/query?trainingRecordId=${record.id}`);
    expect(card).toMatchObject({ name, version: 1, modelType: 'act', trainer: 'admin', trainingSteps: 5, fileName: 'policy_step-5.ckpt' });
    await page.goto(appUrl(recordPath(entityListEntry('model-card')!, 'show', Number(card!.id))));
    expect(await detailValue(page, 'Git Commit').innerText()).toContain('3f9c2a71d0b84e56a1c7e2f90b3d4c5a6e7f8091');

    const files = page.getByTestId('owned-files');
    await files.getByText('policy_step-5.ckpt').waitFor();
    await files.getByText('config.json').waitFor();
    expect(await files.innerText()).toContain('256.00 KB');

    const lineage = page.getByTestId('model-card-lineage');
    await lineage
      .getByTestId('lineage-version')
      .filter({ hasText: String(version!.version) })
      .waitFor();
    await expect.poll(() => page.getByTestId('metric-chart').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.locator('.edp-chart-canvas canvas').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    // Lineage both ways: the card's run, and the version's page listing the bags it holds.
    await lineage.getByTestId('lineage-run').click();
    await page.waitForURL(/\/taskFlow\/ops\/instanceDetail\/\d+$/);
    await page.getByTestId('instance-log-tail').getByText('saved policy_step-5.ckpt').waitFor();
    await page.goBack();
    await lineage.getByTestId('lineage-version').getByRole('link').click();
    await page.waitForURL(new RegExp(`/${version!.id}$`));

    // Exported on a compile server: the export's page lists the artifact its run wrote.
    const [server] = await client.records(`${apiOf('compile-server')}/query`);
    const target = `e2e-export-${tag}`;
    const exported = await client.call<{ id: number }>('POST', `${apiOf('model-export')}/create`, {
      targetModelId: target,
      sourceModelId: card!.id,
      exportType: 'onnx',
      targetModelType: 'onnx',
      compileServerId: server!.id,
    });
    await page.goto(appUrl('/training/model/export'));
    const exportRow = rowOf(page, target);
    await exportRow.getByRole('button', { name: /^开始导出$/ }).click();
    await confirmPopup(page);
    await expect.poll(async () => (await cellOf(page, exportRow, '状态')).innerText(), { timeout: 60_000 }).toBe('导出成功');
    await page.goto(appUrl(recordPath(entityListEntry('model-export')!, 'show', exported.id)));
    await page.getByTestId('owned-files').getByText(`${target}.onnx`).waitFor();
    await context.close();
  });
});
