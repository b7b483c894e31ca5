import { startConsole } from './route-data';

// Evaluated before React and the rest of the entry (main.tsx imports it first): a signed-in route's
// code and data leave while those load and run (issue #11).
startConsole(location.pathname.replace(/^\/app(?=\/|$)/, '') || '/', location.search);
