import { Button } from 'antd';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../../../src/screens/components/theme/theme-provider';
import { lazyStyle } from '../../../../../src/boot/shims/antd-style-generators';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
afterEach(() => vi.restoreAllMocks());

/** antd's hash class on a drawn button: the key of the styles it asks for. */
const hashOf = (container: HTMLElement) => /\bcss-[\w-]+/.exec(container.querySelector('button')!.className)?.[0];

describe('ThemeProvider', () => {
  it('has antd ask for every style anew once a style found missing from the built sheets can be written', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <ThemeProvider>
          <Button>run</Button>
        </ThemeProvider>,
      ),
    );
    const before = hashOf(container);
    expect(before).toBeDefined();
    expect(lazyStyle('tag/style/presetCmp.js#default')({})).toEqual([]);
    await vi.waitFor(() => expect(hashOf(container)).not.toBe(before));
    root.unmount();
    container.remove();
  });
});
