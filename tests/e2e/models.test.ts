import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityListEntry, recordPath } from '../../model/resources/index';
import type { ModelOverview } from '../../model/schemas/model-overview';
import { MODEL_OVERVIEW_PATH } from '../../model/schemas/model-overview-path';
import { rateWithInterval } from '../../src/screens/pages/evaluation/overview-format';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { apiAs, cellOf, confirmPopup, detailValue, runTag } from './helpers/runs';

/**
 * In the browser, as a team's first day goes: a training record started from its list runs the
 * space's training task; its success makes a model card whose page leads back to the run and the
 * dataset versions, lists the model's files and draws its loss; the card exported on a compile
 * server keeps the artifact its run wrote. The model overview shows the demo's models by type with
 * their newest evaluations, and a card's page lists its exports and evaluations.
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

  it("shows the space's models by type with their newest evaluations, and a card's page lists its exports and evaluations", async () => {
    const client = await apiAs();
    const { types } = await client.call<ModelOverview>('GET', MODEL_OVERVIEW_PATH);
    const models = types.flatMap((type) => type.models);
    // The demo's UR5e grasp model, evaluated on the pick-and-place set and exported twice; π0 has no finished evaluation.
    const grasp = models.find((model) => model.name === 'act-ur5e-grasp-v1')!;
    const evaluated = grasp.evaluations.find((evaluation) => evaluation.structuredDatasetName === 'pick-and-place-eval-hdf5')!;
    expect(evaluated.interval).not.toBeNull();

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/training/model/overview'));
    const overview = page.getByTestId('model-overview');
    await overview.getByTestId('overview-model').first().waitFor();
    const shown = await overview.getByTestId('model-type').evaluateAll((sections) => sections.map((section) => (section as HTMLElement).dataset.modelType));
    expect(shown).toEqual(types.map((type) => type.modelType));
    expect(shown).toEqual(expect.arrayContaining(['act', 'pi0']));
    const item = overview.getByTestId('overview-model').filter({ has: page.getByRole('link', { name: grasp.name, exact: true }) });
    const line = item.getByTestId('overview-evaluation').filter({ hasText: 'pick-and-place-eval-hdf5' });
    expect(await line.getByTestId('overview-evaluation-rate').innerText()).toBe(rateWithInterval(evaluated.interval!));
    expect(await overview.getByTestId('overview-model').filter({ hasText: 'pi0-cup-stacking-v1' }).innerText()).toContain('尚无完成的评测');

    // The evaluation opens its record; the model its card.
    await line.getByRole('link', { name: 'pick-and-place-eval-hdf5' }).click();
    await page.waitForURL(new RegExp(`${recordPath(entityListEntry('evaluation-record')!, 'show', evaluated.evaluationRecordId)}$`));
    await page.getByTestId('record-details').waitFor();
    await page.goBack();
    await item.getByRole('link', { name: grasp.name, exact: true }).click();
    await page.waitForURL(new RegExp(`${recordPath(entityListEntry('model-card')!, 'show', grasp.modelCardId)}$`));

    // The card's exports (target, type, compile server, status, progress) and evaluations (dataset, status, rate), each opening its record.
    const exports = page.getByTestId('related-model-export');
    const exported = exports.locator('.ant-table-row').filter({ hasText: 'act-ur5e-grasp-v1_trt_fp16' });
    await exported.waitFor();
    expect(await exported.innerText()).toMatch(/TensorRT 编译机[\s\S]*导出成功[\s\S]*100/);
    await exports.locator('.ant-table-row').filter({ hasText: 'act-ur5e-grasp-v1_om_310p' }).waitFor();
    const evaluations = page.getByTestId('related-evaluation-record');
    const evaluation = evaluations.locator('.ant-table-row').filter({ hasText: 'pick-and-place-eval-hdf5' }).first();
    await evaluation.waitFor();
    expect(await evaluation.innerText()).toContain('成功');
    await exported.getByRole('link', { name: '查看' }).click();
    await page.waitForURL(/\/training\/model\/export\/\d+$/);
    await context.close();
  });
});
