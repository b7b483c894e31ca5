import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemFields } from '../../../../../model/schemas/engine/entity';
import { useAccountDirectory } from '../../../hooks/use-account-directory';
import { useAntdHash } from '../shared/use-antd-hash';

/** What drawing a value needs besides the value: the language's texts, the space's account names, antd's theme class. */
export interface CellContext {
  t: TFunction;
  accountName: (code: string) => string | undefined;
  hash: string;
}

/** One context for a whole table or page: its cells are plain functions of it, not components with hooks of their own. */
export function useCellContext(): CellContext {
  const { t } = useTranslation();
  const { byCode } = useAccountDirectory();
  const hash = useAntdHash();
  return useMemo(() => ({ t, accountName: (code: string) => byCode.get(code)?.name, hash }), [t, byCode, hash]);
}

/** What a record carries of the record a field of it references: its title, and what a link to it needs (server/engine/titles.ts). */
export interface ReferenceShown {
  title?: string;
  link?: Record<string, unknown>;
}

export const referenceOf = (record: object, field: string): ReferenceShown => {
  const { titles, links } = record as Pick<SystemFields, 'titles' | 'links'>;
  return { title: titles?.[field], link: links?.[field] };
};
