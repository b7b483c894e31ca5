import type { ComponentType } from 'react';
import type { ModuleName } from '../../model/resources/types';

type Loader<Props = object> = () => Promise<{ default: ComponentType<Props> }>;
/** What a part of a record's row or page is given: the record. */
export type RecordProps = { record: Record<string, unknown> & { id: number } };

/**
 * The modules the route table names (model/resources: `page`, `tools`, `bulkTools`, `rowParts`,
 * `showParts`), by their path under ./pages, as Ant Design Pro's routes name their components. Each
 * is its own chunk, loaded when its route first needs it; every name here is one the table uses
 * and every name it uses is here (tests/unit/screens/route-modules.test.ts).
 */
export const PAGES: Record<ModuleName, Loader> = {
  'console/account-list': () => import('./pages/console/account-list'),
  'console/personal-centre': () => import('./pages/console/personal-centre'),
  'console/quota-dashboard': () => import('./pages/console/quota-dashboard'),
  'console/space-home': () => import('./pages/console/space-home'),
  'console/usage-statistics': () => import('./pages/console/usage-statistics'),
  'dashboard/quality-dashboard': () => import('./pages/dashboard/quality-dashboard'),
  'dashboard/raw-data-dashboard': () => import('./pages/dashboard/raw-data-dashboard'),
  'instances/instance-log-page': () => import('./pages/instances/instance-log-page'),
  'models/model-overview': () => import('./pages/models/model-overview'),
  'tickets/annotate': () => import('./pages/tickets/annotate'),
};

/** Widgets a list adds to its toolbar. */
export const LIST_TOOLS: Record<ModuleName, Loader> = {
  'evaluation/evaluation-overview': () => import('./pages/evaluation/evaluation-overview'),
  'lake/upload-tool': () => import('./pages/lake/upload-tool'),
  'tickets/waiting-work': () => import('./pages/tickets/waiting-work'),
};

/** What a bulk button is given: the selected ids, the list's filter in force and its total, and how to clear the selection. */
export type BulkToolProps = { ids: number[]; filters: Record<string, string>; total: number; onDone: () => void };

/** Buttons a list adds to its bulk bar. */
export const BULK_TOOLS: Record<ModuleName, Loader<BulkToolProps>> = {
  'datasets/add-to-dataset': () => import('./pages/datasets/add-to-dataset'),
  'datasets/mark-quality': () => import('./pages/datasets/mark-quality'),
  'raw-data/bag-bulk-downloads': () => import('./pages/raw-data/bag-bulk-downloads'),
};

/** Parts a list adds to each row, or a show page to its header and body, given the record. */
export const RECORD_PARTS: Record<ModuleName, Loader<RecordProps>> = {
  'datasets/dataset-source': () => import('./pages/datasets/dataset-source'),
  'datasets/manifest-button': () => import('./pages/datasets/manifest-button'),
  'datasets/mapping-preview': () => import('./pages/datasets/mapping-preview'),
  'datasets/member-steps': () => import('./pages/datasets/member-steps'),
  'datasets/processing-outputs': () => import('./pages/datasets/processing-outputs'),
  'datasets/publish-version': () => import('./pages/datasets/publish-version'),
  'datasets/training-download': () => import('./pages/datasets/training-download'),
  'datasets/version-diff': () => import('./pages/datasets/version-diff'),
  'datasets/version-work': () => import('./pages/datasets/version-work'),
  'evaluation/publish-structured-version': () => import('./pages/evaluation/publish-structured-version'),
  'evaluation/structured-files': () => import('./pages/evaluation/structured-files'),
  'instances/instance-log-link': () => import('./pages/instances/instance-log-link'),
  'instances/instance-log-tail': () => import('./pages/instances/instance-log-tail'),
  'instances/instance-metrics': () => import('./pages/instances/instance-metrics'),
  'instances/instance-rerun-button': () => import('./pages/instances/instance-rerun-button'),
  'instances/instance-state-history': () => import('./pages/instances/instance-state-history'),
  'instances/training-metrics': () => import('./pages/instances/training-metrics'),
  'models/model-card-files': () => import('./pages/models/model-card-files'),
  'models/model-card-lineage': () => import('./pages/models/model-card-lineage'),
  'models/model-card-metrics': () => import('./pages/models/model-card-metrics'),
  'models/model-export-files': () => import('./pages/models/model-export-files'),
  'raw-data/bag-download-button': () => import('./pages/raw-data/bag-download-button'),
  'raw-data/bag-topics': () => import('./pages/raw-data/bag-topics'),
  'robots/compile-server-keys': () => import('./pages/robots/compile-server-keys'),
  'robots/robot-keys': () => import('./pages/robots/robot-keys'),
  'robots/robot-timeline': () => import('./pages/robots/robot-timeline'),
  'robots/topic-rates': () => import('./pages/robots/topic-rates'),
  'tasks/task-run-button': () => import('./pages/tasks/task-run-button'),
  'tickets/annotate-link': () => import('./pages/tickets/annotate-link'),
  'tickets/mark-done': () => import('./pages/tickets/mark-done'),
  'tickets/new-ticket': () => import('./pages/tickets/new-ticket'),
  'tickets/team-work': () => import('./pages/tickets/team-work'),
  'tickets/ticket-progress': () => import('./pages/tickets/ticket-progress'),
  'tickets/ticket-work': () => import('./pages/tickets/ticket-work'),
};

/** The loader of a named module; a name the console does not know is a mistake in the route table, told at once. */
export function moduleLoader<Props>(modules: Record<ModuleName, Loader<Props>>, name: ModuleName): Loader<Props> {
  const load = modules[name];
  if (!load) throw new Error(`the route table names "${name}", which src/screens/route-modules.ts does not know`);
  return load;
}
