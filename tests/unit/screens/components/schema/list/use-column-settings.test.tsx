import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useColumnSettings } from '../../../../../../src/screens/components/schema/list/use-column-settings';
import { sessionStore } from '../../../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../../../fixtures';
import { mountedRoot } from '../../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useColumnSettings', () => {
  it('remembers the hidden columns per user and entity, through a setter that stays the same function', async () => {
    sessionStore.save('token-1', accountOf('rd'), tenantOf());
    const seen: ReturnType<typeof useColumnSettings>[] = [];
    function Probe({ entity }: { entity: string }) {
      seen.push(useColumnSettings(entity));
      return null;
    }
    const { root } = mountedRoot();
    await act(() => root.render(<Probe entity="bag" />));
    await act(() => root.render(<Probe entity="bag" />));
    expect(seen[1]!.setHidden).toBe(seen[0]!.setHidden); // the list's memoised tools depend on it
    await act(() => seen[1]!.setHidden(['size']));
    expect(seen.at(-1)!.hidden).toEqual(['size']);
    expect(seen.at(-1)!.setHidden).toBe(seen[0]!.setHidden);
    const { root: again } = mountedRoot();
    await act(() => again.render(<Probe entity="bag" />));
    expect(seen.at(-1)!.hidden).toEqual(['size']); // read back from this browser's storage
  });
});
