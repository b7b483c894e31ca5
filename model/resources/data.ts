import { staff, ticketHandlers } from '../access/rules';
import { catalogue, detail, menu } from './builders';
import type { RouteDecl } from './types';

const lake = '/data/lake/raw-data';

/** A tab of the raw-data page listing the datasets of one kind, each shown by its name. */
const datasets = (path: string, datasetType: string, label: string) =>
  menu(`raw-data/${path}`, label, {
    entity: 'dataset',
    hidden: true,
    activeMenu: lake,
    preset: { datasetType },
    showBy: 'name',
    pages: { show: `raw-data/${path}/:rawDataSetName` },
    showParts: { header: ['datasets/publish-version'], body: ['datasets/dataset-source'] },
  });

/** A list that writes nothing itself (its records are the server's, or written through another view). */
const readOnly = { create: [], update: [], delete: [] };
const noJobMoves = { start: [], submit: [], rework: [], accept: [] };

/** A ticket's pages, from whichever list: its jobs and statistics, its annotating page, its closing. */
const ticketPages: Partial<RouteDecl> = {
  tools: ['tickets/waiting-work'],
  rowParts: ['tickets/ticket-progress'],
  showParts: { header: ['tickets/mark-done', 'tickets/annotate-link'], body: ['tickets/ticket-work'] },
};

/** A hidden list of a ticket's work, reached from the ticket's page. */
const workList = (entity: string) => ({ entity, auth: ticketHandlers, hidden: true, activeMenu: '/data/ticket/overview' });

/** Spec §2 "/data": dashboards, collection, data lake and tickets. */
export const data = catalogue('data', 'menu:data._', [
  catalogue(
    'dashboard',
    'menu:data.dashboard._',
    [
      menu('rawData', 'menu:data.dashboard.rawData', { page: 'dashboard/raw-data-dashboard' }),
      menu('quality', 'menu:data.dashboard.quality', { page: 'dashboard/quality-dashboard' }),
    ],
    {
      icon: 'dashboard',
      auth: staff,
    },
  ),
  catalogue(
    'collect',
    'menu:data.collect._',
    [
      menu('base', 'menu:data.collect.base', { entity: 'collection-element' }),
      menu('plan', 'menu:data.collect.plan', { entity: 'collection-plan' }),
      menu('integrated', 'menu:data.collect.integrated', { entity: 'integration-record' }),
      // Listed on their plan's page.
      menu('sub-plan', 'menu:data.collect.subPlan', { entity: 'sub-plan', hidden: true, activeMenu: '/data/collect/plan' }),
    ],
    {
      icon: 'collect',
      auth: staff,
    },
  ),
  catalogue(
    'lake',
    'menu:data.lake._',
    [
      // Bags come from uploads (server/modules/lake): the list offers the upload, to who may upload.
      menu('raw-data', 'menu:data.lake.rawData', {
        entity: 'bag',
        actions: { upload: staff },
        tools: ['lake/upload-tool'],
        createForm: false,
        bulkTools: ['raw-data/bag-bulk-downloads', 'datasets/add-to-dataset', 'datasets/mark-quality'],
        // On a member page (a bag seen in its dataset), previous and next within the dataset.
        showParts: { header: ['datasets/member-steps', 'raw-data/bag-download-button'], body: ['raw-data/bag-topics'] },
        pages: { show: 'raw-data-detail/:dataId', edit: 'raw-data-detail/:dataId/edit' },
        tabs: ['raw-data', 'raw-data/dataset', 'raw-data/dc-dataset', 'raw-data/logic-dataset'],
      }),
      // An unknown tab key goes to the first tab; the known ones are routes of their own.
      detail('raw-data/:tabKey', 'menu:data.lake.rawData', lake, { redirect: lake }),
      // The three kinds of dataset are views of one entity; the first places its API (/data/dataset).
      datasets('dataset', 'raw', 'menu:data.lake.dataset'),
      datasets('dc-dataset', 'dc', 'menu:data.lake.dcDataset'),
      detail('raw-data/dc-dataset/:rawDataSetName/:dataId', 'menu:data.lake.dcDatasetData', lake, { shows: 'bag' }),
      datasets('logic-dataset', 'logic', 'menu:data.lake.logicDataset'),
      detail('raw-data/logic-dataset/:rawDataSetName/:dataId', 'menu:data.lake.logicDatasetData', lake, { shows: 'bag' }),
      // A ticket's annotating page: its annotators open it too, though the rest of the lake is the staff's.
      detail('rawDetail/:ticketId', 'menu:data.lake.rawDetail', lake, { page: 'tickets/annotate', auth: ticketHandlers }),
      // A training set is exported by the server (its state is the export's); done, its archive downloads.
      menu('training-data', 'menu:data.lake.trainingData', {
        entity: 'training-data',
        tabs: ['training-data', 'training-mappings'],
        rowParts: ['datasets/training-download'],
        showParts: { header: ['datasets/training-download'] },
      }),
      // Which topics of a robot type's recordings become LeRobot's state, action and cameras.
      menu('training-mappings', 'menu:data.lake.trainingMappings', {
        entity: 'training-mapping',
        hidden: true,
        activeMenu: '/data/lake/training-data',
        showParts: { body: ['datasets/mapping-preview'] },
      }),
      menu('data-processing-records', 'menu:data.lake.processingRecords', {
        entity: 'processing-record',
        showParts: { body: ['datasets/processing-outputs'] },
      }),
      // Listed on their dataset's page (and a bag's): a version of a dataset, a bag in a dataset. A version
      // is published (created) and never edited; a member of it is written by publishing alone.
      menu('dataset-versions', 'menu:data.lake.datasetVersions', {
        entity: 'dataset-version',
        hidden: true,
        activeMenu: lake,
        actions: { update: [] },
        showParts: { header: ['datasets/version-work', 'tickets/new-ticket', 'datasets/manifest-button'], body: ['datasets/version-diff'] },
      }),
      menu('version-members', 'menu:data.lake.versionMembers', {
        entity: 'version-member',
        hidden: true,
        activeMenu: lake,
        actions: { create: [], update: [], delete: [] },
      }),
      menu('dataset-items', 'menu:data.lake.datasetItems', { entity: 'dataset-item', hidden: true, activeMenu: lake }),
    ],
    { icon: 'lake', auth: staff },
  ),
  catalogue(
    'ticket',
    'menu:data.ticket._',
    [
      menu('team', 'menu:data.ticket.team', { auth: staff, entity: 'ticket-team', showParts: { body: ['tickets/team-work'] } }),
      // The first list places the API (/data/ticket); managed and pending are views of it, each with its own detail page.
      menu('overview', 'menu:data.ticket.overview', {
        auth: staff,
        entity: 'ticket',
        pages: { show: 'overview/:ticketId' },
        actions: { create: staff, update: staff, delete: staff, markDone: [], reopen: [] },
        ...ticketPages,
      }),
      // A ticket is its team managers' to close and reopen, from the tickets they manage.
      menu('managed', 'menu:data.ticket.managed', {
        auth: ticketHandlers,
        entity: 'ticket',
        preset: { managers: '$me' },
        pages: { show: 'managed/:ticketId' },
        actions: { create: [], update: ticketHandlers, delete: [], markDone: ticketHandlers, reopen: ticketHandlers },
        ...ticketPages,
      }),
      menu('pending', 'menu:data.ticket.pending', {
        auth: ticketHandlers,
        entity: 'ticket',
        preset: { operators: '$me' },
        pages: { show: 'pending/:ticketId' },
        actions: { ...readOnly, markDone: [], reopen: [] },
        ...ticketPages,
      }),
      // Jobs: the staff read them all; a member moves their own, a manager reviews those of the tickets they manage.
      menu('jobs', 'menu:data.ticket.jobs', { ...workList('ticket-job'), auth: staff, actions: { ...readOnly, ...noJobMoves } }),
      menu('my-jobs', 'menu:data.ticket.myJobs', {
        ...workList('ticket-job'),
        preset: { assignee: '$me' },
        actions: { ...readOnly, ...noJobMoves, start: ticketHandlers, submit: ticketHandlers, rework: ticketHandlers },
      }),
      menu('reviews', 'menu:data.ticket.reviews', {
        ...workList('ticket-job'),
        preset: { managers: '$me' },
        actions: { ...readOnly, ...noJobMoves, accept: ticketHandlers },
      }),
      menu('items', 'menu:data.ticket.items', { ...workList('ticket-item'), auth: staff, actions: readOnly }),
      menu('my-items', 'menu:data.ticket.myItems', {
        ...workList('ticket-item'),
        preset: { assignee: '$me' },
        actions: { ...readOnly, update: ticketHandlers },
      }),
      menu('annotations', 'menu:data.ticket.annotations', { ...workList('annotation'), auth: staff, actions: readOnly }),
      menu('my-annotations', 'menu:data.ticket.myAnnotations', {
        ...workList('annotation'),
        preset: { assignee: '$me' },
        actions: { create: ticketHandlers, update: ticketHandlers, delete: ticketHandlers },
      }),
      menu('job-events', 'menu:data.ticket.jobEvents', { ...workList('ticket-job-event'), actions: readOnly }),
    ],
    { icon: 'ticket' },
  ),
]);
