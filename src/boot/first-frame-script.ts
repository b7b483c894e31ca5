import { settingsStore } from '../providers/settings';
import { STORAGE_KEYS } from '../providers/storage-keys';
import { storedLanguage } from '../providers/stored-language';
import { drawFirstFrame } from './first-frame';

/**
 * The signed-in document's inline script (scripts/signed-in-document.ts builds it): the frame is in the
 * page as its HTML is parsed, and painted before any of the console's code has come. Drawn
 * by the entry, it waited for the entry's 100 kB and its run: on a phone's network, a second of blank
 * page. With a session stored only: a signed-out visitor is going to the sign-in page. The token is
 * read as sessionStore.token() reads it: that module would add ~0.9 kB to every signed-in document.
 */
if (localStorage.getItem(STORAGE_KEYS.userToken))
  drawFirstFrame(document.getElementById('root')!, settingsStore.get(), import.meta.env.EDP_BRANDS[storedLanguage()]);
