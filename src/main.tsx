import { routeCodeReady } from './app/start-route'; // first: its requests leave before the rest of the entry runs
import { startTransition, StrictMode } from 'react';
import { App } from './app/index';
import { followDocumentPreferences } from './app/document-preferences';
import { progressAfter } from './components/progress/route-progress';
import './app/global.css';
import { initI18n } from './providers/i18n';
import { watchForNewVersion } from './providers/version';
import { measureCommonScrollbars } from './shims/scrollbar-size';
import { loadStyleGenerators } from './shims/antd-style-generators';
import { inBuiltSheets } from './app/theme-tokens';
import { settingsStore } from './providers/settings';

watchForNewVersion();
measureCommonScrollbars(); // now, while the page is empty: a dialog would otherwise measure the drawn page as it opens
followDocumentPreferences();
// The route's code comes in while i18n starts: the first render then suspends nowhere (route-data.ts).
// React's renderer is imported here, not statically: its ~200 kB evaluate in a task of their own, not in
// the entry's (the signed-in document preloads it beside the entry; issue #11).
// A transition: React renders the first page in slices, yielding to the browser between them, instead
// of one task of several hundred ms that holds every input (total blocking time, issue #11).
const endProgress = progressAfter(200); // a slow network shows the route bar meanwhile, as a page's load does
// Preferences whose antd styles are not in the built stylesheets: antd's style code is here before the first page.
const themeStyles = inBuiltSheets(settingsStore.get()) ? undefined : loadStyleGenerators();
void Promise.all([import('./app/react-root'), initI18n(), routeCodeReady, themeStyles]).then(([{ createRoot }]) => {
  endProgress();
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
