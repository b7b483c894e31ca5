import { describe, expect, it } from 'vitest';
import { SimulatedRobot } from '../../cli/robot/simulated-robot';
import { entityListEntry, recordPath } from '../../model/resources/index';
import { appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';
import { filterList } from './helpers/forms';
import { apiAs, cellOf, confirmPopup, runTag } from './helpers/runs';

/**
 * From an exported model to a robot, as a team's first release goes: an artifact ships the export
 * (a link, not a typed name), its CT is started from the CT list and passes by its run, the
 * platform publishes it as an OTA package only once it passed, and a robot of the space learns of
 * it from its next heartbeat's answer.
 */
const browser = useBrowser();
const apiOf = (entity: string) => entityListEntry(entity)!.api;

describe('from an exported model to a robot', () => {
  it('ships the export in an artifact, passes its CT, publishes it as the active OTA package, and a robot is offered it', async () => {
    const space = await apiAs('demo', 'admin');
    const platform = await apiAs('platform', 'admin');
    const tag = runTag();
    const [exported] = await space.records(`${apiOf('model-export')}/query?status=success&pageSize=1`);
    const built = await space.call<{ id: number }>('POST', `${apiOf('artifact')}/create`, {
      version: `3.0.0-rc.${tag}`,
      type: 'release',
      arch: 'x86_64',
      gitBranch: `feature/${tag}`,
      gitCommit: 'c0ffee'.padEnd(40, '0'),
    });
    await space.call('POST', `${apiOf('artifact-model')}/create`, { artifactId: built.id, modelExportId: exported!.id });

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl(recordPath(entityListEntry('artifact')!, 'show', built.id)));
    await page.getByText(String(exported!.targetModelId)).first().waitFor();

    // Not passed yet: the platform cannot publish it.
    const officialVersion = `8.${Date.now() % 100_000}.${Math.floor(Math.random() * 1000)}`;
    await expect(platform.call('POST', `${apiOf('ota-package')}/create`, { officialVersion, atcArtifactId: built.id })).rejects.toThrow(/400|409/);

    // Its CT, started from the CT list, passes by its run.
    const [server] = await space.records(`${apiOf('compile-server')}/query?pageSize=1`);
    const batch = `CT-E2E-${tag}`;
    await space.call('POST', `${apiOf('ct-record')}/create`, { batch, artifactId: built.id, module: 'policy-infer', type: 'function', serverId: server!.id });
    await page.goto(appUrl('/deployment/artifact/atc-ct'));
    await filterList(page, 'batch', batch);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    const row = page.locator('.ant-table-row');
    await row.getByRole('button', { name: '开始测试' }).click();
    await confirmPopup(page);
    const status = await cellOf(page, row, '状态');
    await expect.poll(() => status.innerText(), { timeout: 60_000 }).toBe('通过');
    await context.close();

    // Published by the platform's administrator from the upgrade list; it replaces the space's active release.
    const made = await platform.call<{ id: number }>('POST', `${apiOf('ota-package')}/create`, { officialVersion, atcArtifactId: built.id });
    const packageOf = async (version: string) => (await platform.records(`${apiOf('ota-package')}/query?officialVersion=${version}`))[0]!;
    const { artifactTenantId } = await packageOf(officialVersion);
    const before = (await platform.records(`${apiOf('ota-package')}/query?status=ACTIVE&pageSize=-1`)).filter(
      (row) => row.artifactType === 'release' && row.artifactTenantId === artifactTenantId,
    );
    expect(before.length).toBeGreaterThan(0); // the demo's release 2.5.0, or an earlier run's
    const publisher = await signedInPage(browser(), 'platform', 'admin');
    await publisher.page.goto(appUrl('/console/system/ota-upgrade'));
    await filterList(publisher.page, 'officialVersion', officialVersion);
    await expect.poll(() => publisher.page.locator('.ant-table-row').count()).toBe(1);
    const published = publisher.page.locator('.ant-table-row');
    await published.getByRole('button', { name: /启\s*用/ }).click();
    await confirmPopup(publisher.page);
    await expect.poll(() => published.innerText()).toContain('已启用');
    await publisher.context.close();
    for (const previous of before) {
      expect(await packageOf(String(previous.officialVersion))).toMatchObject({ status: 'INACTIVE' });
    }

    // A robot of the space, with a key of its own, is offered the package on its next heartbeat.
    const sn = `E2E-OTA-${tag}`;
    const robot = await space.call<{ id: number }>('POST', `${apiOf('robot')}/create`, { sn, name: `Robot ${sn}`, robotType: 'ur5e', region: 'suzhou' });
    const key = await space.call<{ extras: { robotKey: { keyId: string; secret: string } } }>('POST', `${apiOf('robot-key')}/create`, {
      robotId: robot.id,
      name: 'on-board',
    });
    const answer = await new SimulatedRobot({ server: baseUrl(), key: `${key.extras.robotKey.keyId}.${key.extras.robotKey.secret}`, sn }).beat();
    expect(answer?.ota).toContainEqual(
      expect.objectContaining({ id: made.id, officialVersion, artifactId: built.id, artifactType: 'release', arch: 'x86_64' }),
    );
  });
});
