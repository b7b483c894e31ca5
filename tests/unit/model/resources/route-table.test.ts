import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../../model/access/permissions';
import { canOpen, entryByPath, homePath, indexPath, matchEntry, menuTree, routeEntries, sectionEntries, topSections } from '../../../../model/resources/index';
import { fieldEntries } from '../../../../model/schemas/engine/entity';
import { entityByName } from '../../../../model/schemas/index';

/** Spec §2's route table, copied here by hand so the declarations are checked against the spec, not against themselves. */
const SPEC_ROUTES = `
/data/dashboard/rawData /data/dashboard/quality
/data/collect/base /data/collect/plan /data/collect/integrated
/data/lake/raw-data /data/lake/raw-data/:tabKey /data/lake/raw-data/dataset/:rawDataSetName /data/lake/raw-data/dc-dataset/:rawDataSetName
/data/lake/raw-data/dc-dataset/:rawDataSetName/:dataId /data/lake/raw-data/logic-dataset/:rawDataSetName /data/lake/raw-data/logic-dataset/:rawDataSetName/:dataId
/data/lake/rawDetail/:ticketId /data/lake/training-data /data/lake/data-processing-records /data/lake/raw-data-detail/:dataId
/data/ticket/team /data/ticket/overview /data/ticket/managed /data/ticket/pending /data/ticket/overview/:ticketId /data/ticket/pending/:ticketId /data/ticket/managed/:ticketId
/training/records /training/model/all /training/model/all/:modelCardId /training/model/overview /training/model/export
/deployment/artifact/atc /deployment/artifact/atc-ct
/evaluation/structured/dataset /evaluation/structured/overview /evaluation/structured/records /evaluation/structured/dataset/:structuredDatasetName
/device/robot/overview /device/robot/overview/:tabKey /device/robot/alarm /device/robot/alarm/:tabKey /device/robot/detail/:robotId /device/server/compile
/taskFlow/dev/task /taskFlow/dev/task/:id /taskFlow/ops/task /taskFlow/ops/instance /taskFlow/ops/instanceDetail/:instanceId /taskFlow/ops/instanceLog/:instanceId
/console/space/home /console/space/account /console/space/label /console/space/quota /console/space/file
/console/system/tenant /console/system/taskImage /console/system/usage /console/system/template-task /console/system/ota-upgrade /console/system/feedback
`
  .trim()
  .split(/\s+/);

const as = (role: string, internal = false) => permissionsOf({ role, internal });
const paths = (nodes: ReturnType<typeof menuTree>): string[] => nodes.flatMap((node) => (node.children.length ? paths(node.children) : [node.entry.fullPath]));

describe('the route table of spec §2', () => {
  it.each(SPEC_ROUTES)('declares %s', (path) => expect(entryByPath.get(path)).toBeDefined());

  it('hides every parameterised route from the menu and points it at a menu item', () => {
    for (const entry of routeEntries.filter((route) => route.fullPath.includes(':'))) {
      expect(entry.hidden, entry.fullPath).toBe(true);
      expect(entryByPath.get(entry.activeMenu ?? ''), `${entry.fullPath} → ${entry.activeMenu}`).toBeDefined();
    }
  });

  it('keeps the console section out of the top bar', () => {
    expect(entryByPath.get('/console')?.hidden).toBe(true);
    expect(topSections(as('system_admin', true)).map((section) => section.fullPath)).toEqual([
      '/data',
      '/training',
      '/deployment',
      '/evaluation',
      '/device',
      '/taskFlow',
    ]);
  });

  it.each([
    ['/training', '/training/records'],
    ['/deployment/artifact', '/deployment/artifact/atc'],
    ['/evaluation/structured', '/evaluation/structured/dataset'],
    ['/device', '/device/robot/overview'],
    ['/taskFlow/ops', '/taskFlow/dev/task'],
    ['/console/space', '/console/space/home'],
    ['/console/system', '/console/system/tenant'],
  ])('redirects the index of %s to %s', (path, target) => expect(indexPath(entryByPath.get(path)!, as('system_admin', true))).toBe(target));

  it('matches static segments before parameters', () => {
    expect(matchEntry('/data/lake/raw-data/dataset/d1')).toMatchObject({
      entry: { fullPath: '/data/lake/raw-data/dataset/:rawDataSetName' },
      params: { rawDataSetName: 'd1' },
    });
    expect(matchEntry('/data/lake/raw-data/labels')?.params).toEqual({ tabKey: 'labels' });
    expect(matchEntry('/nowhere')).toBeUndefined();
  });
});

describe('spec §6 permissions on the routes', () => {
  const staffOnly = SPEC_ROUTES.filter((path) => !/\/data\/ticket\/(managed|pending)|\/console\/(space\/home|system)/.test(path));

  it.each(['system_admin', 'tenant_admin', 'rd'])('opens the staff routes to %s, internal or external', (role) => {
    for (const internal of [true, false]) for (const path of staffOnly) expect(canOpen(entryByPath.get(path)!, as(role, internal)), path).toBe(true);
  });

  it('gives tele_operator only managed and pending tickets (and their details), the annotating page of a ticket and the console home', () => {
    const operator = as('tele_operator');
    const open = SPEC_ROUTES.filter((path) => canOpen(entryByPath.get(path)!, operator));
    expect(open).toEqual([
      '/data/lake/rawDetail/:ticketId',
      '/data/ticket/managed',
      '/data/ticket/pending',
      '/data/ticket/pending/:ticketId',
      '/data/ticket/managed/:ticketId',
      '/console/space/home',
    ]);
    expect(paths(menuTree(sectionEntries, operator))).toEqual(['/data/ticket/managed', '/data/ticket/pending']);
    expect(paths(menuTree(entryByPath.get('/console')!.entries, operator))).toEqual(['/console/space/home']);
    expect(topSections(operator).map((section) => section.fullPath)).toEqual(['/data']);
  });

  it('opens the system console to internal:system_admin only', () => {
    const system = entryByPath.get('/console/system')!;
    expect(indexPath(system, as('system_admin', true))).toBe('/console/system/tenant');
    for (const [role, internal] of [
      ['system_admin', false],
      ['tenant_admin', true],
      ['rd', true],
      ['tele_operator', true],
    ] as const)
      expect(indexPath(system, as(role, internal))).toBeUndefined();
  });

  it('drops catalogues with no visible child and hidden items from the menu', () => {
    const menu = menuTree(
      sectionEntries.filter((section) => section.fullPath === '/data'),
      as('rd'),
    );
    expect(paths(menu)).toContain('/data/lake/raw-data');
    expect(paths(menu).filter((path) => path.includes(':'))).toEqual([]);
    expect(
      menuTree(
        sectionEntries.filter((section) => section.fullPath === '/training'),
        as('tele_operator'),
      ),
    ).toEqual([]);
  });

  it('sends exactly-tele_operator accounts to managed tickets, everyone else to the raw-data dashboard', () => {
    expect(homePath('tele_operator')).toBe('/data/ticket/managed');
    expect(homePath('rd,tele_operator')).toBe('/data/dashboard/rawData');
    expect(homePath('tenant_admin')).toBe('/data/dashboard/rawData');
  });
});

describe('a show page’s own lists', () => {
  it('replace only generated lists that exist: entities pointing at the page’s entity', () => {
    const replacing = routeEntries.filter((entry) => entry.showParts?.replaces?.length);
    expect(replacing.map((entry) => entry.fullPath)).toEqual(expect.arrayContaining(['/device/robot/overview', '/device/server/compile']));
    for (const entry of replacing)
      for (const name of entry.showParts!.replaces!)
        expect(
          fieldEntries(entityByName.get(name)!).some(([, field]) => field.reference === entry.entity),
          `${name} on ${entry.fullPath}`,
        ).toBe(true);
  });
});
