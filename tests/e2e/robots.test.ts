import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SimulatedRobot } from '../../cli/robot/simulated-robot';
import { DEMO_ROBOT } from '../../model/schemas/robot-report';
import { appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';
import { apiAs } from './helpers/runs';

const browser = useBrowser();
const CAMERA = '/camera/front/image_raw';

type Alarm = { id: number; kind: string; state: string; topic: string };

/** The bell's unread count as the badge shows it (0 when it shows none). */
const bellCount = async (page: Page) => {
  const badge = page.getByTestId('alarm-bell-count').locator('.ant-scroll-number');
  return (await badge.count()) === 0 ? 0 : Number(await badge.first().getAttribute('title'));
};

describe('a robot that reports in, as a new user of the demo tries it', () => {
  it('comes online with its topic rates, raises one alarm when a topic drops and resolves it, and takes a configuration through a restart', async () => {
    const admin = await apiAs('demo', 'admin');
    const [simulated] = (await admin.records(`/device/robot/query?sn=${DEMO_ROBOT.sn}`)) as { id: number }[];
    const robotId = simulated!.id;
    const alarms = async () => (await admin.records(`/device/alarm-record/query?robotId=${robotId}&pageSize=100`)) as Alarm[];
    const before = (await alarms()).map((alarm) => alarm.id);
    const since = async () => (await alarms()).filter((alarm) => !before.includes(alarm.id) && alarm.kind !== 'offline');

    const robot = new SimulatedRobot({
      server: baseUrl(),
      key: `${DEMO_ROBOT.keyId}.${DEMO_ROBOT.secret}`,
      sn: DEMO_ROBOT.sn,
      intervalSeconds: 1,
      configAnswer: 'restartNeeded',
    });
    robot.start();
    try {
      const { page } = await signedInPage(browser(), 'demo', 'admin');
      await page.goto(appUrl(`/device/robot/detail/${robotId}`));
      // Online, with each topic's rate against the rules watching it.
      const rates = page.getByTestId('topic-rates');
      await expect.poll(() => rates.locator('tr').filter({ hasText: CAMERA }).count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => page.getByText('在线').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const unread = await bellCount(page);

      robot.drop(CAMERA);
      await expect.poll(since, { timeout: 40_000, interval: 1000 }).toMatchObject([{ topic: CAMERA, state: 'firing' }]);
      // One alarm in the bell, not a storm.
      await expect.poll(() => bellCount(page), { timeout: 20_000, interval: 1000 }).toBe(unread + 1);
      await page.getByTestId('alarm-bell').click();
      await expect.poll(() => page.getByTestId('alarm-notice-row').filter({ hasText: CAMERA }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await new Promise((wait) => setTimeout(wait, 6000));
      expect(await since()).toHaveLength(1);

      robot.resume(CAMERA);
      await expect.poll(async () => (await since())[0]?.state, { timeout: 30_000, interval: 1000 }).toBe('resolved');
      await page.goto(appUrl('/device/robot/alarm/records'));
      await expect
        .poll(() => page.locator('tr.ant-table-row').filter({ hasText: CAMERA }).filter({ hasText: '已恢复' }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);

      // A new version of its configuration: sent with the next heartbeat, restart needed, then delivered.
      const [config] = (await admin.records(`/device/robot-config/query?robotId=${robotId}&name=teleop-params`)) as { id: number; updatedTime: string }[];
      await admin.call('POST', '/device/robot-config/update', {
        id: config!.id,
        updatedTime: config!.updatedTime,
        content: JSON.stringify({ leader: 'gello', scale: 1.1 }),
      });
      await page.goto(appUrl('/device/robot/overview/config'));
      const row = page.locator('tr.ant-table-row').filter({ hasText: DEMO_ROBOT.sn }).filter({ hasText: 'teleop-params' });
      const status = async () => {
        await page.reload();
        await row.waitFor();
        return row.textContent();
      };
      await expect.poll(status, { timeout: 30_000, interval: 2000 }).toContain('需重启生效');
      robot.restart();
      await expect.poll(status, { timeout: 30_000, interval: 2000 }).toContain('已下发');

      // All of it on the robot's timeline.
      await page.goto(appUrl(`/device/robot/detail/${robotId}`));
      const timeline = page.getByTestId('timeline-table');
      await expect.poll(() => timeline.locator('tr[data-lane]').filter({ hasText: 'teleop-params' }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => timeline.locator('tr[data-lane]').filter({ hasText: CAMERA }).count()).toBeGreaterThan(0);
    } finally {
      await robot.stop();
    }
  });
});
