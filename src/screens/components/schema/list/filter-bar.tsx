import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterField {
  name: string;
  label: string;
}

interface FilterBarProps {
  fields: FilterField[];
  /** The values in force (from the URL). */
  values: Record<string, string | undefined>;
  onSearch: (values: Record<string, string | undefined>) => void;
}

/** Text filters above a list: search on the button or Enter, reset clears them all. */
export function FilterBar({ fields, values, onSearch }: FilterBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(values);
  const search = () => onSearch(Object.fromEntries(fields.map(({ name }) => [name, draft[name]?.trim() || undefined])));
  return (
    <div role="search" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
      {fields.map(({ name, label }) => (
        <Input
          key={name}
          addonBefore={t(label)}
          aria-label={t(label)}
          allowClear
          style={{ width: 280 }}
          value={draft[name] ?? ''}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          onPressEnter={search}
        />
      ))}
      <Button type="primary" onClick={search}>
        {t('common:search')}
      </Button>
      <Button
        onClick={() => {
          setDraft({});
          onSearch({});
        }}
      >
        {t('common:reset')}
      </Button>
    </div>
  );
}
