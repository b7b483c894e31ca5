import { accountAdmins, everyone, platformAdmin, staff } from '../access/rules';
import { AUDIT_EVENT } from '../schemas/audit-trail';
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
        menu('home', 'menu:console.space.home', { auth: everyone, page: 'console/space-home' }),
        menu('account', 'menu:console.space.account', {
          page: 'console/account-list',
          api: '/console/account',
          actions: { create: accountAdmins, resetPassword: accountAdmins },
        }),
        menu('label', 'menu:console.space.label', { entity: 'label' }),
        menu('quota', 'menu:console.space.quota', { page: 'console/quota-dashboard' }),
        // Upload records are written by the upload flow, never by hand.
        menu('file', 'menu:console.space.file', { entity: 'file-upload', actions: { create: [], update: [] } }),
        detail('personal', 'menu:console.space.personal', '/console/space/home', { auth: everyone, page: 'console/personal-centre' }),
        // The signed-in account's API access keys, reached from the personal centre.
        menu('access-key', 'menu:console.space.accessKey', { entity: 'access-key', hidden: true, activeMenu: '/console/space/home', preset: { owner: '$me' } }),
        // Who did what to which record, kept by the server; a platform administrator's list spans every space.
        menu('audit', 'menu:console.space.audit', { entity: AUDIT_EVENT, auth: accountAdmins, actions: { create: [], update: [], delete: [] } }),
        // A key is its owner's; the space's administrators see every member's and may disable one (a leaked key), nothing more.
        menu('member-keys', 'menu:console.space.memberKeys', {
          entity: 'access-key',
          auth: accountAdmins,
          actions: { create: [], update: [], delete: [], enable: [] },
        }),
      ],
      { icon: 'space', auth: staff, redirect: '/console/space/home' },
    ),
    catalogue(
      'system',
      'menu:console.system._',
      [
        menu('tenant', 'menu:console.system.tenant', { entity: 'tenant' }),
        menu('taskImage', 'menu:console.system.taskImage', { entity: 'task-image' }),
        menu('usage', 'menu:console.system.usage', { page: 'console/usage-statistics' }),
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
