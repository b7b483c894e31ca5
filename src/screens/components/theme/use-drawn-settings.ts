import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_SETTINGS, useSettings, type Settings } from '../../../providers/settings';
import { loadStyleGenerators, styleGenerators } from '../../../boot/shims/antd-style-generators';
import { inBuiltSheets } from '../../../boot/theme-tokens';

/**
 * The preferences antd draws with. Another theme than the built stylesheets' is drawn once antd's
 * style code is here (the entry loads it first when one is stored); `rewrite` counts styles found
 * missing from the sheets, for which antd is asked to write every style again.
 */
export function useDrawnSettings(): { settings: Settings; rewrite: number } {
  const settings = useSettings();
  const { loaded, misses } = useSyncExternalStore(styleGenerators.subscribe, styleGenerators.get);
  const built = inBuiltSheets(settings);
  useEffect(() => void (built || loadStyleGenerators()), [built]);
  return { settings: built || loaded ? settings : DEFAULT_SETTINGS, rewrite: misses };
}
