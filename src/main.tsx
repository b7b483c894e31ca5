import { startTransition, StrictMode } from 'react';
import { followDocumentPreferences } from './boot/document-preferences';
import { progressAfter } from './screens/components/progress/route-progress';
import './root/global.css';
import { watchForNewVersion } from './providers/version';
import { measureCommonScrollbars } from './boot/shims/scrollbar-size';
import { loadStyleGenerators } from './boot/shims/antd-style-generators';
import { inBuiltSheets } from './boot/theme-tokens';
import { settingsStore } from './providers/settings';

watchForNewVersion();
measureCommonScrollbars(); // now, while the page is empty: a dialog would otherwise measure the drawn page as it opens
followDocumentPreferences();
// The rest of the start comes in chunks the document preloads, imported one after another so that each
// is evaluated in a task of its own (scripts/route-roots.ts, BOOT): as one, the entry's evaluation was the
// load's longest task. i18n first, as the route's early loads import it; those send the route's
// requests and start its code (start-route.ts); then the router and React's renderer (~200 kB), whose chunk
// imports modules of the others (through the one it shares with the pages): before them, it would evaluate them all.
const i18nReady = import('./providers/i18n');
const started = i18nReady.then(() => import('./root/start'));
const app = started.then(() => import('./root/index'));
const reactRoot = app.then(() => import('./boot/react-root'));
const endProgress = progressAfter(200); // a slow network shows the route bar meanwhile, as a page's load does
// Preferences whose antd styles are not in the built stylesheets: antd's style code is here before the first page.
const themeStyles = inBuiltSheets(settingsStore.get()) ? undefined : loadStyleGenerators();
// i18n's setup asks for the core catalogues: after the route's requests, which must not queue behind them.
const i18nSet = started.then(() => i18nReady).then(({ initI18n }) => initI18n());
// The route's code comes in while i18n starts: the first render then suspends nowhere (route-data.ts).
const ready = [i18nSet, started.then(({ routeCodeReady }) => routeCodeReady), themeStyles];
void Promise.all([reactRoot, app, ...ready]).then(([{ createRoot }, { App }]) => {
  endProgress();
  // A transition: React renders the first page in slices, yielding to the browser between them, instead
  // of one task of several hundred ms that holds every input (total blocking time).
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
