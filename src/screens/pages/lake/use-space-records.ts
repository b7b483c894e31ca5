import { useQuery } from '@tanstack/react-query';
import { api } from '../../../providers/http';
import { currentPermissions } from '../../../providers/permissions';
import { canReadEntity, entityListEntry } from '../../../../model/resources/index';

export type SpaceRecord = Record<string, unknown> & { id: number };

/**
 * Every record of an entity in the space (its list's API, one page of all), for a picker; `undefined`
 * where the user may not read them (asking would be refused), so the picker falls back to typing.
 */
export function useSpaceRecords(entity: string, filters: Record<string, unknown> = {}, enabled = true): SpaceRecord[] | undefined {
  const list = entityListEntry(entity);
  const readable = Boolean(list?.api) && canReadEntity(entity, currentPermissions());
  const { data } = useQuery({
    queryKey: ['upload-choices', entity, filters],
    queryFn: () => api.get<{ records: SpaceRecord[] }>(`${list!.api}/query`, { pageSize: -1, pageNum: 1, ...filters }),
    enabled: readable && enabled,
    staleTime: 60_000,
  });
  return readable ? (data?.records ?? []) : undefined;
}
