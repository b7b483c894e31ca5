import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

/** A task runs from its row and its page. */
const runButton = 'tasks/task-run-button';
const runnable = { rowParts: [runButton], showParts: { header: [runButton] } };

/** Spec §2 "/taskFlow": task development and task/instance operation. */
export const taskFlow = catalogue(
  'taskFlow',
  'menu:taskFlow._',
  [
    catalogue(
      'dev',
      'menu:taskFlow.dev._',
      [
        // Removing a task is the restorable `remove` (spec §4): nobody erases one for good.
        menu('task', 'menu:taskFlow.dev.task', { entity: 'task', pages: { show: 'task/:id' }, actions: { delete: [] }, ...runnable }),
        // The platform's images and templates, read-only for the spaces that build tasks and runs on them.
        menu('images', 'menu:taskFlow.dev.images', { entity: 'task-image', hidden: true, secondary: true, activeMenu: '/taskFlow/dev/task' }),
        menu('templates', 'menu:taskFlow.dev.templates', { entity: 'template-task', hidden: true, secondary: true, activeMenu: '/taskFlow/dev/task' }),
      ],
      { icon: 'dev' },
    ),
    catalogue(
      'ops',
      'menu:taskFlow.ops._',
      [
        // Operations look after the tasks in production; tasks created here are production tasks.
        menu('task', 'menu:taskFlow.ops.task', { entity: 'task', preset: { taskCategory: 'production' }, ...runnable }),
        // Instances are written by the task runner: nobody creates or edits one by hand.
        menu('instance', 'menu:taskFlow.ops.instance', {
          entity: 'instance',
          pages: { show: 'instanceDetail/:instanceId' },
          actions: { create: [], update: [] },
          showParts: {
            header: ['instances/instance-rerun-button', 'instances/instance-log-link'],
            body: ['instances/instance-state-history', 'instances/instance-metrics', 'instances/instance-log-tail'],
          },
        }),
        detail('instanceLog/:instanceId', 'menu:taskFlow.ops.instanceLog', '/taskFlow/ops/instance', {
          page: 'instances/instance-log-page',
        }),
      ],
      { icon: 'ops', redirect: '/taskFlow/dev/task' },
    ),
  ],
  { auth: staff, redirect: '/taskFlow/dev/task' },
);
