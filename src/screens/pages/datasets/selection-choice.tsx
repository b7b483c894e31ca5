import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which bags (a form field: its value is whether all match) a bulk action takes: the selected ones, or all that match the list's filter (with its count). */
export function SelectionChoice({ selected, total, value, onChange }: { selected: number; total: number; value?: boolean; onChange?: (all: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={value} onChange={(event) => onChange?.(event.target.value as boolean)} data-testid="selection-choice">
      <Radio value={false}>{t('curation:selection.selected', { count: selected })}</Radio>
      <Radio value={true}>{t('curation:selection.matching', { count: total })}</Radio>
    </Radio.Group>
  );
}
