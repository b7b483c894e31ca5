import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { drawFirstFrame, FRAME_COLOURS } from '../../../src/boot/first-frame';

const rgb = (hex: string) => {
  const probe = document.createElement('div');
  probe.style.color = hex;
  return probe.style.color;
};

describe("the console's frame drawn before its code is in", () => {
  it('takes the place of whatever the root held: the top bar with the logo and the brand, the side column and the ground', () => {
    const root = document.createElement('div');
    root.append(document.createElement('p'));
    drawFirstFrame(root, { theme: 'light', layout: 'vertical', fontFamily: 'system' }, '具身智能开发平台');
    expect(root.children).toHaveLength(1);
    const frame = root.firstElementChild as HTMLElement;
    expect(frame.className).toBe('edp-first-frame');
    expect(frame.getAttribute('aria-busy')).toBe('true');
    expect(frame.querySelector('.edp-first-frame-header')!.textContent).toBe('具身智能开发平台');
    expect(frame.querySelector('.edp-first-frame-header img')!.getAttribute('src')).toBe(`${import.meta.env.BASE_URL}favicon.svg`);
    expect(frame.querySelector('.edp-first-frame-body > .edp-first-frame-sider')).not.toBeNull();
  });

  it("draws the stored layout, theme and font, in the colours the shell takes from antd's tokens", () => {
    for (const [name, algorithm] of [
      ['light', theme.defaultAlgorithm],
      ['dark', theme.darkAlgorithm],
    ] as const) {
      const token = theme.getDesignToken({ algorithm });
      expect(FRAME_COLOURS[name]).toEqual({ container: token.colorBgContainer, border: token.colorBorderSecondary, ground: token.colorBgLayout });
      const root = document.createElement('div');
      drawFirstFrame(root, { theme: name, layout: 'mini', fontFamily: 'serif' }, 'EDP');
      const header = root.querySelector<HTMLElement>('.edp-first-frame-header')!;
      expect([header.style.background, header.style.borderBottomColor]).toEqual([rgb(token.colorBgContainer), rgb(token.colorBorderSecondary)]);
      expect(root.querySelector<HTMLElement>('.edp-first-frame-sider')!.style.background).toBe(rgb(token.colorBgContainer));
      expect(root.querySelector<HTMLElement>('.edp-first-frame-body')!.style.background).toBe(rgb(token.colorBgLayout));
      expect(root.querySelector<HTMLElement>('.edp-first-frame')!.dataset.layout).toBe('mini');
      expect(root.querySelector<HTMLElement>('.edp-first-frame')!.style.fontFamily).toMatch(/^Georgia, "Songti SC"/);
    }
  });
});
