import { Tag } from 'antd';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { loadEntityInfo } from '../../../providers/entity-info';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { EnumOption } from '../../../../model/schemas/engine/types';

/** The instance's states as its entity declares them (value, label key, colour): a light chunk, not the declarations. */
export function useInstanceStatuses(): readonly EnumOption[] {
  useCatalogues(['instance']);
  return use(loadEntityInfo('instance')).fields.status?.options ?? [];
}

/** A state in the current language, coloured as the lists colour it. */
export function StatusTag({ status, options }: { status?: string; options: readonly EnumOption[] }) {
  const { t } = useTranslation();
  if (!status) return null;
  const option = options.find((item) => item.value === status);
  return (
    <Tag color={option?.color} data-testid="instance-status">
      {option ? t(option.label) : status}
    </Tag>
  );
}
