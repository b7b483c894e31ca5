import { CloseOutlined } from '@ant-design/icons';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterHistory } from '../../../providers/sign-in-history';
import { PlainInput } from './plain-input';
import './history-input.css';

interface HistoryInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  history: string[];
  onRemove: (item: string) => void;
  placeholder?: string;
  prefix?: ReactNode;
  invalid?: boolean;
}

/**
 * A text input offering values used before on this browser: filtered by substring, each
 * removable. Light on purpose (no select engine): it lives on the sign-in page.
 */
export function HistoryInput({ id, value, onChange, history, onRemove, placeholder, prefix, invalid }: HistoryInputProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const items = filterHistory(history, value);
  const shown = open && items.length > 0;
  const choose = (item: string) => {
    onChange(item);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % Math.max(items.length, 1));
    } else if (event.key === 'Enter' && shown && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape') setOpen(false);
  };

  return (
    <div className="edp-history" onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setOpen(false)}>
      <PlainInput
        id={id}
        value={value}
        prefix={prefix}
        placeholder={placeholder}
        invalid={invalid}
        autoComplete="off"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          onChange(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
      />
      {shown && (
        <ul id={listId} role="listbox" className="edp-history-list">
          {items.map((item, index) => (
            <li
              key={item}
              role="option"
              aria-selected={index === active}
              className="edp-history-option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              <span>{item}</span>
              <button
                type="button"
                tabIndex={-1}
                aria-label={`${t('login:history.remove')} ${item}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onRemove(item);
                }}
              >
                <CloseOutlined />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
