import { describe, expect, it } from 'vitest';
import { applyTabAction, openTab, type PageTab } from '../../../../src/screens/components/layout/tab-list';

const tab = (path: string): PageTab => ({ path, to: path, label: path, params: [] });
const tabs = ['/a', '/b', '/c', '/d'].map(tab);
const paths = (list: PageTab[]) => list.map((item) => item.path);

describe('tab bar actions (spec §2)', () => {
  it('close: an inactive tab just goes; the active one hands over to its right, else its left neighbour', () => {
    expect(applyTabAction(tabs, 'close', '/b', '/d')).toEqual({ tabs: [tab('/a'), tab('/c'), tab('/d')] });
    expect(applyTabAction(tabs, 'close', '/b', '/b')).toMatchObject({ goTo: '/c' });
    expect(applyTabAction(tabs, 'close', '/d', '/d')).toMatchObject({ goTo: '/c' });
    expect(applyTabAction([tab('/a')], 'close', '/a', '/a')).toEqual({ tabs: [], goTo: '/' });
  });

  it('close others, close all', () => {
    expect(applyTabAction(tabs, 'closeOthers', '/b', '/d')).toEqual({ tabs: [tab('/b')], goTo: '/b' });
    expect(applyTabAction(tabs, 'closeOthers', '/b', '/b')).toEqual({ tabs: [tab('/b')] });
    expect(applyTabAction(tabs, 'closeAll', '/b', '/b')).toEqual({ tabs: [], goTo: '/' });
  });

  it('close left, close right', () => {
    expect(paths(applyTabAction(tabs, 'closeLeft', '/c', '/d').tabs)).toEqual(['/c', '/d']);
    expect(applyTabAction(tabs, 'closeLeft', '/c', '/a')).toMatchObject({ goTo: '/c' });
    expect(paths(applyTabAction(tabs, 'closeRight', '/b', '/a').tabs)).toEqual(['/a', '/b']);
    expect(applyTabAction(tabs, 'closeRight', '/b', '/d')).toMatchObject({ goTo: '/b' });
  });

  it('opens each page once, remembering its latest query', () => {
    const opened = openTab(openTab(tabs, { ...tab('/e') }), { ...tab('/a'), to: '/a?page=2' });
    expect(paths(opened)).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(opened[0]!.to).toBe('/a?page=2');
  });
});
