import { everyone, platformAdmin, staff } from '../../../model/access/rules';
import { envelope } from '../../../model/schemas/envelope';
import { spaceOverview, spaceQuota, usageReport } from '../../../model/schemas/space-stats';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { downloadsThisMonth, spaceCounts, storageBySpace, storageShares, usageBySpace } from './space-stats';
import { ok } from '../../http/envelope';

const tags = ['space console'];

/** The figures behind the space home, the quota dashboard and the platform's usage statistics (spec §2, §6). */
export function spaceStatsRoutes(app: ApiApp, { db, reach, clock }: AppContext): void {
  app.get('/console/space/overview', {
    config: { access: everyone },
    schema: {
      tags,
      summary: "Counts of the space's main records the caller may list",
      description:
        'One figure per entity of the space with a list the caller may open (a list of only your own records counts those), and the accounts. Counts beyond 10,000 are capped (capped: true), as in the lists.',
      response: { 200: envelope(spaceOverview) },
    },
    handler: async (request) => ok({ counts: await spaceCounts(db, reach, principalOf(request)) }),
  });

  app.get('/console/space/quota', {
    config: { access: staff },
    schema: {
      tags,
      summary: "The space's raw-data storage and downloads against its quotas",
      description:
        'Storage used is the sum of the sizes of the space’s bags. Downloads used is this month’s (China time): each download link given out counts its file’s size. A null quota is unlimited.',
      response: { 200: envelope(spaceQuota) },
    },
    handler: async (request) => {
      const { tenant } = principalOf(request);
      const [storage, robotType, bagRegion] = await Promise.all([
        storageBySpace(db, tenant.id),
        storageShares(db, tenant.id, 'robotType'),
        storageShares(db, tenant.id, 'bagRegion'),
      ]);
      const used = storage.get(tenant.id) ?? { bags: 0, bytes: 0 };
      return ok({
        storage: { used: used.bytes, quota: tenant.rawDataStorageQuota === null ? null : Number(tenant.rawDataStorageQuota), bags: used.bags },
        downloads: {
          used: await downloadsThisMonth(db, tenant.id, clock()),
          quota: tenant.rawDataDownloadQuota === null ? null : Number(tenant.rawDataDownloadQuota),
        },
        storageBy: { robotType, bagRegion },
      });
    },
  });

  app.get('/console/system/usage', {
    config: { access: platformAdmin },
    schema: {
      tags,
      summary: 'Usage per space: storage, downloads, accounts and tasks (the platform’s system administrators)',
      description: 'downloadsUsed is this month’s (China time), as the quota counts it; tasks are null until tasks are declared.',
      response: { 200: envelope(usageReport) },
    },
    handler: async () => {
      const { tenants, tasksCounted } = await usageBySpace(db, clock());
      return ok({ tenants, counted: { downloads: true, tasks: tasksCounted } });
    },
  });
}
