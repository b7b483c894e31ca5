import { Refine } from '@refinedev/core';
import { useState } from 'react';
// With the shell's code, so before its first antd component: antd reads what the sheet holds once (scripts/antd-static-style.ts).
import 'virtual:antd-default-theme.css';
import AppLayout from '../screens/components/layout/app-layout';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth';
import { dataProvider } from '../providers/data';
import { i18nProvider } from '../providers/i18n';
import { notificationProvider } from '../providers/notification';
import { refineRouter } from '../providers/router';
import { createQueryClient } from '../providers/query-client';
import { LocaleProvider } from './locale-provider';
import { ThemeProvider } from '../screens/components/theme/theme-provider';
import { refineResources } from './refine-resources';

/**
 * The signed-in area: Refine with its providers around the layout, loaded only after sign-in.
 * Each session gets a fresh query cache: signing out unmounts the shell, so nothing cached survives.
 */
export default function ConsoleShell() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <LocaleProvider>
        <Refine
          routerProvider={refineRouter}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={notificationProvider}
          resources={refineResources}
          options={{ disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: true, reactQuery: { clientConfig: queryClient } }}
        >
          <AppLayout />
        </Refine>
      </LocaleProvider>
    </ThemeProvider>
  );
}
