import { describe, expect, it, vi } from 'vitest';
import type { MouseEvent } from 'react';
import { appHref, followRowLinks } from '../../../../../../src/screens/components/schema/actions/row-links';

/** A click on `target` as React hands it to the row's handler. */
const click = (target: Element, init: Partial<Record<'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', number | boolean>> = {}) => {
  const event = {
    target,
    button: 0,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    ...init,
    preventDefault: vi.fn(),
  };
  return event as unknown as MouseEvent & { preventDefault: ReturnType<typeof vi.fn> };
};

describe("a row's plain links", () => {
  const row = document.createElement('span');
  row.innerHTML = `<a href="${appHref('/data/lake/raw-data/show/7')}" data-route="/data/lake/raw-data/show/7"><button><span>View</span></button></a><button id="other">Delete</button>`;
  const label = row.querySelector('a span')!;

  it('follow a plain left click in the app, on the link or anything inside it', () => {
    const navigate = vi.fn();
    const event = click(label);
    followRowLinks(navigate)(event);
    expect(navigate).toHaveBeenCalledWith('/data/lake/raw-data/show/7');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(row.querySelector('a')!.getAttribute('href')).toMatch(/\/data\/lake\/raw-data\/show\/7$/);
  });

  it('leave a modified or middle click to the browser, and a click beside the links alone', () => {
    const navigate = vi.fn();
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      const event = click(label, init);
      followRowLinks(navigate)(event);
      expect(event.preventDefault, JSON.stringify(init)).not.toHaveBeenCalled();
    }
    followRowLinks(navigate)(click(row.querySelector('#other')!));
    expect(navigate).not.toHaveBeenCalled();
  });
});
