import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useAntdHash } from '../schema/use-antd-hash';
import { useAfterPaint } from './after-paint';
import { PlainSelect, plainValue } from './plain-select';

type Woken = 'open' | 'focus';

/**
 * antd's Select, drawn for its first frame as the elements it renders (same classes) and made a
 * Select once that frame is painted, or at once when pressed or focused. A Select measures itself
 * and sets its state as it mounts, which makes React draw again and run every effect of the page
 * before the browser may paint: a list holds several, so its rows waited for them (issue #11).
 */
export function DeferredSelect<Value>(props: SelectProps<Value>) {
  const painted = useAfterPaint();
  const [woken, setWoken] = useState<Woken>();
  const hash = useAntdHash();
  const shown = plainValue(props);
  if (painted || woken || shown === undefined)
    return <Select<Value> {...props} autoFocus={props.autoFocus || woken !== undefined} defaultOpen={props.defaultOpen || woken === 'open'} />;
  const wake = (how: Woken) => {
    if (how === 'open') props.onOpenChange?.(true);
    setWoken(how);
  };
  const { mode, size, showSearch, allowClear, disabled, className, style, id } = props;
  const labels = props as { 'aria-label'?: string; 'data-testid'?: string };
  return (
    <PlainSelect
      {...{ mode, size, showSearch, allowClear, disabled, className, style, id }}
      aria-label={labels['aria-label']}
      data-testid={labels['data-testid']}
      hash={hash}
      shown={shown}
      onPress={() => wake('open')}
      onFocusIn={() => wake('focus')}
    />
  );
}
