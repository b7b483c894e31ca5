import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../providers/i18n';
import { AppRoutes } from './routes';

/**
 * The frame every route shares: language and router only. antd's theme, Refine, react-query and
 * the layout come with the pages that use them, so the sign-in page stays light (its JS budget).
 */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter basename="/app">
        <AppRoutes />
      </BrowserRouter>
    </I18nextProvider>
  );
}
