import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressedRoute, startPressedLink } from '../../../src/boot/pressed-link';
import { startRoute } from '../../../src/boot/route-data';

vi.mock('../../../src/boot/route-data', () => ({ startRoute: vi.fn(() => Promise.resolve()) }));

type Press = Partial<Record<'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', number | boolean>>;
/** A press on `target` as React hands it to the layout's handler. */
const press = (target: Element, init: Press = {}) =>
  ({ target, button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...init }) as unknown as MouseEvent;

/** A link inside the page, with `attributes`, and the element a press lands on (its label). */
function link(href: string, attributes: Record<string, string> = {}) {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.innerHTML = '<span>label</span>';
  document.body.append(anchor);
  return anchor.firstElementChild!;
}

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

describe('a press on a link in the console', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.mocked(startRoute).mockClear();
  });

  it("starts the console route it opens, with the link's query, while the button is down", () => {
    startPressedLink(press(link(`${BASE}/data/lake/raw-data-detail/7`)));
    expect(startRoute).toHaveBeenCalledExactlyOnceWith('/data/lake/raw-data-detail/7', '');
    expect(pressedRoute(press(link(`${BASE}/data/lake/raw-data?pageSize=50&currentPage=2`)))).toEqual({
      pathname: '/data/lake/raw-data',
      search: '?pageSize=50&currentPage=2',
    });
  });

  it('starts nothing for a modified or middle press, a link opening another site, a new tab or a download, the page shown or a press beside the links', () => {
    const label = link(`${BASE}/data/lake/raw-data-detail/7`);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { button: 2 }])
      startPressedLink(press(label, init));
    startPressedLink(press(link(`${BASE}/data/lake/raw-data-detail/8`, { target: '_blank' })));
    startPressedLink(press(link(`${BASE}/data/lake/raw-data-detail/9`, { download: '' })));
    startPressedLink(press(link('https://example.org/app/data/lake/raw-data')));
    startPressedLink(press(link(`${location.pathname}${location.search}`)));
    const beside = document.createElement('button');
    document.body.append(beside);
    startPressedLink(press(beside));
    expect(startRoute).not.toHaveBeenCalled();
  });
});
