import { staff, ticketHandlers } from '../access/rules';
import { catalogue, detail, menu } from './builders';

const lake = '/data/lake/raw-data';

/** Spec §2 "/data": dashboards, collection, data lake and tickets. */
export const data = catalogue('data', 'menu:data._', [
  catalogue('dashboard', 'menu:data.dashboard._', [menu('rawData', 'menu:data.dashboard.rawData'), menu('quality', 'menu:data.dashboard.quality')], {
    icon: 'dashboard',
    auth: staff,
  }),
  catalogue(
    'collect',
    'menu:data.collect._',
    [menu('base', 'menu:data.collect.base'), menu('plan', 'menu:data.collect.plan'), menu('integrated', 'menu:data.collect.integrated')],
    {
      icon: 'collect',
      auth: staff,
    },
  ),
  catalogue(
    'lake',
    'menu:data.lake._',
    [
      menu('raw-data', 'menu:data.lake.rawData', { entity: 'bag', pages: { show: 'raw-data-detail/:dataId', edit: 'raw-data-detail/:dataId/edit' } }),
      detail('raw-data/:tabKey', 'menu:data.lake.rawData', lake),
      detail('raw-data/dataset/:rawDataSetName', 'menu:data.lake.dataset', lake),
      detail('raw-data/dc-dataset/:rawDataSetName', 'menu:data.lake.dcDataset', lake),
      detail('raw-data/dc-dataset/:rawDataSetName/:dataId', 'menu:data.lake.dcDatasetData', lake),
      detail('raw-data/logic-dataset/:rawDataSetName', 'menu:data.lake.logicDataset', lake),
      detail('raw-data/logic-dataset/:rawDataSetName/:dataId', 'menu:data.lake.logicDatasetData', lake),
      detail('rawDetail/:ticketId', 'menu:data.lake.rawDetail', lake),
      menu('training-data', 'menu:data.lake.trainingData'),
      menu('data-processing-records', 'menu:data.lake.processingRecords'),
    ],
    { icon: 'lake', auth: staff },
  ),
  catalogue(
    'ticket',
    'menu:data.ticket._',
    [
      menu('team', 'menu:data.ticket.team', { auth: staff }),
      menu('overview', 'menu:data.ticket.overview', { auth: staff }),
      menu('managed', 'menu:data.ticket.managed', { auth: ticketHandlers }),
      menu('pending', 'menu:data.ticket.pending', { auth: ticketHandlers }),
      detail('overview/:ticketId', 'menu:data.ticket.detail', '/data/ticket/overview', { auth: staff }),
      detail('pending/:ticketId', 'menu:data.ticket.pendingDetail', '/data/ticket/pending', { auth: ticketHandlers }),
      detail('managed/:ticketId', 'menu:data.ticket.managedDetail', '/data/ticket/managed', { auth: ticketHandlers }),
    ],
    { icon: 'ticket' },
  ),
]);
