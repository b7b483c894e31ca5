import { CloseOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterHistory } from '../../providers/sign-in-history';

interface HistoryInputProps {
  value?: string;
  onChange?: (value: string) => void;
  history: string[];
  onRemove: (item: string) => void;
  placeholder?: string;
  prefix?: ReactNode;
  id?: string;
}

/** A text input offering values used before on this browser (filtered by substring, removable). */
export function HistoryInput({ value, onChange, history, onRemove, placeholder, prefix, id }: HistoryInputProps) {
  const { t } = useTranslation();
  const options = filterHistory(history, value ?? '').map((item) => ({
    value: item,
    label: (
      <span className="edp-history-option">
        <span>{item}</span>
        <CloseOutlined
          role="button"
          aria-label={`${t('login:history.remove')} ${item}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            event.stopPropagation();
            onRemove(item);
          }}
        />
      </span>
    ),
  }));
  return (
    <AutoComplete id={id} value={value} onChange={onChange} options={options} filterOption={false}>
      <Input size="large" prefix={prefix} placeholder={placeholder} autoComplete="off" />
    </AutoComplete>
  );
}
