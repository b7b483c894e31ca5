import { LoadingOutlined } from '@ant-design/icons';
import type { ChangeEvent, ReactElement, ReactNode } from 'react';

/**
 * antd's look without antd's components, for what a list draws in every row: a Tag or a
 * link Button is a component with hooks, context reads and a style registration of its own, and a
 * page of rows mounted hundreds of them. These are the elements those components render, with the
 * same classes (and the theme's hash class, `useAntdHash`), so antd's stylesheet draws them alike.
 */

const STATUS = new Set(['success', 'processing', 'error', 'default', 'warning']);
const PRESET = new Set(['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']);

/** antd's `<Tag color>`: a preset or status colour is a class, any other colour the background. */
export function plainTag(hash: string, content: ReactNode, color?: string, key?: string): ReactNode {
  const named = color !== undefined && (STATUS.has(color) || PRESET.has(color.replace(/-inverse$/, '')));
  const className = `ant-tag${named ? ` ant-tag-${color}` : color ? ' ant-tag-has-color' : ''} ${hash}`;
  return (
    <span key={key} className={className} style={color && !named ? { backgroundColor: color } : undefined}>
      {content}
    </span>
  );
}

/** The classes of antd's `<Button type="link" size="small">` (danger: red); `iconOnly` for a button that is only its icon. */
export const linkButtonClass = (hash: string, { danger = false, iconOnly = false } = {}) =>
  `ant-btn ${hash} ant-btn-link${danger ? ' ant-btn-dangerous ant-btn-color-dangerous' : ' ant-btn-color-link'} ant-btn-variant-link ant-btn-sm${iconOnly ? ' ant-btn-icon-only' : ''}`;

interface PlainButtonOptions {
  danger?: boolean;
  disabled?: boolean;
  /** antd's loading look: its spinner before the text, and clicks go nowhere meanwhile (as antd's Button). */
  loading?: boolean;
  onClick?: () => void;
}

/** antd's small link Button with a text, as a plain element (so ConfirmOnClick can clone it and a popup can anchor on it). */
export const plainLinkButton = (hash: string, label: ReactNode, { danger, disabled, loading, onClick }: PlainButtonOptions = {}) => (
  <button
    type="button"
    className={`${linkButtonClass(hash, { danger })}${loading ? ' ant-btn-loading' : ''}`}
    disabled={disabled}
    onClick={loading ? undefined : onClick}
  >
    {loading && (
      <span className="ant-btn-icon ant-btn-loading-icon">
        <LoadingOutlined />
      </span>
    )}
    <span>{label}</span>
  </button>
);

type SelectionNode = ReactElement<{ onChange: (event: ChangeEvent<HTMLInputElement>) => void }>;

/**
 * A table's `rowSelection.renderCell`: each row's check box as antd's Checkbox draws it, working
 * through the handler antd's selection gave its own (shift-click ranges and all); the row's
 * Checkbox itself is never mounted. What is lost is only its click ripple.
 */
export const plainSelectionCell = (hash: string) => (checked: boolean, _record: unknown, _index: number, node: ReactNode) => (
  // antd's cell stops the click too, so a row's own click handlers never see it
  <label className={`ant-checkbox-wrapper${checked ? ' ant-checkbox-wrapper-checked' : ''} ${hash}`} onClick={(event) => event.stopPropagation()}>
    <span className={`ant-checkbox ant-wave-target ${hash}${checked ? ' ant-checkbox-checked' : ''}`}>
      <input type="checkbox" className="ant-checkbox-input" checked={checked} onChange={(event) => (node as SelectionNode).props.onChange(event)} />
      <span className="ant-checkbox-inner" />
    </span>
  </label>
);
