import { DownOutlined } from '@ant-design/icons';
import type { SelectProps } from 'antd';
import type { ReactNode } from 'react';

/** What a Select shows of its value: the chosen option's label, the placeholder when empty; undefined when only antd can draw it (chosen tags, a label still to be fetched). */
export function plainValue({
  value,
  mode,
  options,
  placeholder,
}: Pick<SelectProps, 'mode' | 'options' | 'placeholder'> & { value?: unknown }): { item?: ReactNode; placeholder?: ReactNode } | undefined {
  const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  if (empty) return { placeholder };
  if (mode) return undefined;
  const option = options?.find((candidate) => candidate.value === value);
  return option ? { item: option.label } : undefined;
}

export interface PlainProps extends Pick<SelectProps, 'mode' | 'size' | 'showSearch' | 'allowClear' | 'disabled' | 'className' | 'style' | 'id'> {
  'aria-label'?: string;
  'data-testid'?: string;
  hash: string;
  shown: { item?: ReactNode; placeholder?: ReactNode };
  onPress: () => void;
  onFocusIn: () => void;
  onPointerOver: () => void;
}

/** The elements antd's Select renders while closed, until it is approached. */
export function PlainSelect({
  hash,
  shown,
  onPress,
  onFocusIn,
  onPointerOver,
  mode,
  size,
  showSearch = Boolean(mode),
  allowClear,
  disabled,
  className,
  style,
  id,
  ...labels
}: PlainProps) {
  const multiple = Boolean(mode);
  // What rc-select lets one type into while closed and unfocused: a searchable single select, tags.
  const editable = mode === 'tags' || (!multiple && showSearch);
  const classes = [
    'ant-select',
    size === 'small' ? 'ant-select-sm' : size === 'large' ? 'ant-select-lg' : '',
    'ant-select-outlined',
    className ?? '',
    hash,
    multiple ? 'ant-select-multiple' : 'ant-select-single',
    allowClear ? 'ant-select-allow-clear' : '',
    'ant-select-show-arrow',
    showSearch ? 'ant-select-show-search' : '',
    disabled ? 'ant-select-disabled' : '',
  ];
  const input = (
    <input
      id={id}
      autoComplete="off"
      className="ant-select-selection-search-input"
      role="combobox"
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-autocomplete="list"
      aria-label={labels['aria-label']}
      readOnly={!editable}
      unselectable={editable ? undefined : 'on'}
      type="search"
      value=""
      disabled={disabled}
      onChange={() => undefined}
      onFocus={onFocusIn}
      style={editable ? undefined : { opacity: 0 }}
    />
  );
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      style={style}
      aria-label={labels['aria-label']}
      data-testid={labels['data-testid']}
      onMouseDown={disabled ? undefined : onPress}
      onPointerOver={disabled ? undefined : onPointerOver}
    >
      <div className="ant-select-selector">
        <span className="ant-select-selection-wrap">
          {multiple ? (
            <div className="ant-select-selection-overflow">
              <div className="ant-select-selection-overflow-item ant-select-selection-overflow-item-suffix" style={{ opacity: 1, order: 0 }}>
                <div className="ant-select-selection-search" style={{ width: 4 }}>
                  {input}
                  <span className="ant-select-selection-search-mirror" aria-hidden="true">
                    {'\u00a0'}
                  </span>
                </div>
              </div>
            </div>
          ) : (
            <span className="ant-select-selection-search">{input}</span>
          )}
          {shown.item !== undefined ? (
            <span className="ant-select-selection-item" title={typeof shown.item === 'string' ? shown.item : undefined}>
              {shown.item}
            </span>
          ) : (
            shown.placeholder !== undefined && <span className="ant-select-selection-placeholder">{shown.placeholder}</span>
          )}
        </span>
      </div>
      <span className="ant-select-arrow" unselectable="on" aria-hidden="true" style={{ userSelect: 'none' }}>
        <DownOutlined className="ant-select-suffix" />
      </span>
    </div>
  );
}
