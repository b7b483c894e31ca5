import { FONT_FAMILIES, type Settings } from '../providers/settings';
import './first-frame.css';

/**
 * antd's colorBgContainer, colorBorderSecondary and colorBgLayout in each theme: the colours the
 * shell takes from its tokens (app-layout.tsx). first-frame.test.ts holds them to antd's own.
 */
export const FRAME_COLOURS = {
  light: { container: '#ffffff', border: '#f0f0f0', ground: '#f5f5f5' },
  dark: { container: '#141414', border: '#303030', ground: '#000000' },
} as const;

const part = (className: string) => Object.assign(document.createElement('div'), { className });

/**
 * The console's frame as plain elements, drawn into the root while a signed-in route's code loads
 * (first-frame-script.ts): its top bar with the brand, the side menu's column and the page's ground,
 * in the stored theme, layout and font. Before it, nothing was drawn until all of that code had come
 * and run (the first paint of a cold list came after a second of blank page on a phone).
 * React's first commit clears the root, so the shell takes its place whole.
 */
export function drawFirstFrame(root: HTMLElement, { theme, layout, fontFamily }: Pick<Settings, 'theme' | 'layout' | 'fontFamily'>, brand: string): void {
  const colours = FRAME_COLOURS[theme];
  const frame = part('edp-first-frame');
  frame.dataset.layout = layout;
  frame.setAttribute('aria-busy', 'true');
  frame.style.fontFamily = FONT_FAMILIES[fontFamily]; // the brand's, as the shell will draw it
  const header = part('edp-first-frame-header');
  Object.assign(header.style, { background: colours.container, borderBottomColor: colours.border });
  const logo = Object.assign(document.createElement('img'), { src: `${import.meta.env.BASE_URL}favicon.svg`, alt: '', width: 28, height: 28 });
  header.append(logo, Object.assign(document.createElement('span'), { textContent: brand }));
  const sider = part('edp-first-frame-sider');
  Object.assign(sider.style, { background: colours.container, borderRightColor: colours.border });
  const body = part('edp-first-frame-body');
  body.style.background = colours.ground;
  body.append(sider);
  frame.append(header, body);
  root.replaceChildren(frame);
}
