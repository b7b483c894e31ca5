import { accountAdmins, everyone, platformAdmin, staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

/** Spec §2 "/console" (hidden from the top bar; reached from the user menu). */
export const consoleSection = catalogue(
  'console',
  'menu:console._',
  [
    catalogue(
      'space',
      'menu:console.space._',
      [
        menu('home', 'menu:console.space.home', { auth: everyone }),
        menu('account', 'menu:console.space.account', {
          page: () => import('../pages/console/account-list'),
          api: '/console/account',
          actions: { create: accountAdmins, resetPassword: accountAdmins },
        }),
        menu('label', 'menu:console.space.label', { entity: 'label' }),
        menu('quota', 'menu:console.space.quota'),
        menu('file', 'menu:console.space.file'),
        detail('personal', 'menu:console.space.personal', '/console/space/home', { auth: everyone, page: () => import('../pages/console/personal-centre') }),
      ],
      { icon: 'space', auth: staff, redirect: '/console/space/home' },
    ),
    catalogue(
      'system',
      'menu:console.system._',
      [
        menu('tenant', 'menu:console.system.tenant', { entity: 'tenant' }),
        menu('taskImage', 'menu:console.system.taskImage', { entity: 'task-image' }),
        menu('usage', 'menu:console.system.usage'),
        menu('template-task', 'menu:console.system.templateTask', { entity: 'template-task' }),
        menu('ota-upgrade', 'menu:console.system.otaUpgrade', { entity: 'ota-package' }),
        // Every user sends feedback (from the header); the platform's administrators read it here.
        menu('feedback', 'menu:console.system.feedback', { entity: 'feedback', actions: { create: everyone } }),
      ],
      { icon: 'system', auth: platformAdmin, redirect: '/console/system/tenant' },
    ),
  ],
  { hidden: true },
);
