import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useAntdHash } from '../schema/shared/use-antd-hash';
import { useAfterPaint } from './after-paint';
import { PlainSelect, plainValue } from './plain-select';

type Woken = 'open' | 'focus' | 'pointer';

export interface DeferredSelectProps<Value> extends SelectProps<Value> {
  /**
   * Become a Select once the first frame is painted, not only when approached: in a form, whose
   * validation status and disabled state reach a Select and not its plain look-alike.
   */
  liveAfterPaint?: boolean;
}

/**
 * antd's Select, drawn as the elements it renders while closed (same classes) until the pointer comes
 * over it, it is pressed or it is focused; then a Select, open or focused as the user asked. A Select
 * measures itself and sets its state as it mounts, which makes React draw again and run every effect
 * of the page before the browser may paint: a list holds several, and its rows waited for them, then
 * its first seconds were long tasks of Selects nobody had touched yet.
 */
export function DeferredSelect<Value>({ liveAfterPaint, ...props }: DeferredSelectProps<Value>) {
  const painted = useAfterPaint(Boolean(liveAfterPaint));
  const [woken, setWoken] = useState<Woken>();
  const hash = useAntdHash();
  const shown = plainValue(props);
  if (painted || woken || shown === undefined)
    return (
      <Select<Value> {...props} autoFocus={props.autoFocus || woken === 'open' || woken === 'focus'} defaultOpen={props.defaultOpen || woken === 'open'} />
    );
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
      // At once, not in a later task: a press that follows must find the Select, not the look-alike it replaces.
      onPointerOver={() => flushSync(() => wake('pointer'))}
    />
  );
}
