import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth';
import { dataProvider } from '../providers/data';
import { i18n, i18nProvider } from '../providers/i18n';
import { notificationProvider } from '../providers/notification';
import { createQueryClient } from '../providers/query-client';
import { refineResources } from './refine-resources';
import { AppRoutes } from './routes';
import { ThemeProvider } from './theme-provider';
import { NavigatorBridge } from './navigator-bridge';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter basename="/app">
        <ThemeProvider>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            resources={refineResources}
            options={{ disableTelemetry: true, syncWithLocation: true, reactQuery: { clientConfig: queryClient } }}
          >
            <NavigatorBridge />
            <AppRoutes />
          </Refine>
        </ThemeProvider>
      </BrowserRouter>
    </I18nextProvider>
  );
}
