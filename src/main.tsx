import { startTransition, StrictMode } from 'react';
import { followDocumentPreferences } from './app/document-preferences';
import { progressAfter } from './components/progress/route-progress';
import './app/global.css';
import { watchForNewVersion } from './providers/version';
import { measureCommonScrollbars } from './shims/scrollbar-size';
import { loadStyleGenerators } from './shims/antd-style-generators';
import { inBuiltSheets } from './app/theme-tokens';
import { settingsStore } from './providers/settings';

watchForNewVersion();
measureCommonScrollbars(); // now, while the page is empty: a dialog would otherwise measure the drawn page as it opens
followDocumentPreferences();
// The rest of the start comes in chunks the document preloads, imported one after another so that each
// is evaluated in a task of its own (scripts/route-roots.ts, BOOT): as one, the entry's evaluation was the
// load's longest task (issue #11). i18n first, as the route's early loads import it; those send the route's
// requests and start its code (start-route.ts); then the router and React's renderer (~200 kB), whose chunk
// imports modules of the others (through the one it shares with the pages): before them, it would evaluate them all.
const i18nReady = import('./providers/i18n');
const started = i18nReady.then(() => import('./app/start-route'));
const app = started.then(() => import('./app/index'));
const reactRoot = app.then(() => import('./app/react-root'));
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
  // of one task of several hundred ms that holds every input (total blocking time, issue #11).
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
