import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { RouteTabs } from '../../../../../../src/screens/components/schema/list/route-tabs';
import { loadNamespaces } from '../../../../../../src/providers/i18n';
import { matchEntry } from '../../../../../../model/resources/index';
import { browserShims, location, renderAt } from '../../../pages/instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
browserShims();

describe('RouteTabs (a group of sibling list routes)', () => {
  it('shows each sibling as a tab, the current one selected, and a click on another goes to its route', async () => {
    await loadNamespaces(['menu']);
    const entry = matchEntry('/data/lake/raw-data')!.entry;
    await renderAt(<RouteTabs entry={entry} />, '/data/lake/raw-data', '/data/lake/raw-data');
    const tabs = [...document.querySelectorAll<HTMLAnchorElement>('[role="tablist"] [role="tab"]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(['原始数据', '数据集', '采集数据集', '逻辑数据集']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(tabs[2]!.getAttribute('href')).toBe('/data/lake/raw-data/dc-dataset');
    await act(async () => tabs[2]!.click());
    expect(location.pathname).toBe('/data/lake/raw-data/dc-dataset');
  });

  it('is nothing on a route that belongs to no group', async () => {
    await renderAt(
      <RouteTabs entry={matchEntry('/data/lake/data-processing-records')!.entry} />,
      '/data/lake/data-processing-records',
      '/data/lake/data-processing-records',
    );
    expect(document.querySelector('[role="tablist"]')).toBeNull();
  });
});
