import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

/** Spec §2 "/taskFlow": task development and task/instance operation. */
export const taskFlow = catalogue(
  'taskFlow',
  'menu:taskFlow._',
  [
    catalogue(
      'dev',
      'menu:taskFlow.dev._',
      [menu('task', 'menu:taskFlow.dev.task'), detail('task/:id', 'menu:taskFlow.dev.taskDetail', '/taskFlow/dev/task')],
      { icon: 'dev' },
    ),
    catalogue(
      'ops',
      'menu:taskFlow.ops._',
      [
        menu('task', 'menu:taskFlow.ops.task'),
        menu('instance', 'menu:taskFlow.ops.instance'),
        detail('instanceDetail/:instanceId', 'menu:taskFlow.ops.instanceDetail', '/taskFlow/ops/instance'),
        detail('instanceLog/:instanceId', 'menu:taskFlow.ops.instanceLog', '/taskFlow/ops/instance'),
      ],
      { icon: 'ops', redirect: '/taskFlow/dev/task' },
    ),
  ],
  { auth: staff, redirect: '/taskFlow/dev/task' },
);
