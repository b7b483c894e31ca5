import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../hooks/use-session';
import { actionAllowed } from '../../../../providers/access-control';
import { permissionsOfUser } from '../../../../providers/permissions';
import type { RouteEntry } from '../../../../../model/resources/types';
import { infoFields, type EntityInfo } from '../../../../../model/schemas/engine/info';
import { useEntityMutation } from './use-entity-mutations';
import { followRowLinks } from './row-links';

export type RowActions = ReturnType<typeof useRowActions>;

/**
 * What a record's buttons may offer and how they run: worked out once for a list, not once per row
 * and button (each of those asked Refine's access check and kept a mutation of its own).
 */
export function useRowActions(list: RouteEntry, entity: EntityInfo) {
  const { userInfo } = useSession();
  const run = useEntityMutation(list);
  const navigate = useNavigate();
  const follow = useMemo(() => followRowLinks(navigate), [navigate]);
  const allowed = useMemo(() => {
    const permissions = permissionsOfUser(userInfo);
    const may = (action: string) => actionAllowed(list, action, permissions, entity);
    return {
      edit: may('update') && infoFields(entity).some(([, field]) => field.edit === 'always'),
      delete: may('delete'),
      transitions: Object.keys(entity.states?.actions ?? {}).filter(may),
    };
  }, [list, entity, userInfo]);
  const running = run.isPending ? run.variables : undefined; // one transition at a time: its button spins
  const { mutate } = run;
  return useMemo(
    () => ({ ...allowed, follow, run: mutate, running: (action: string, id: number) => running?.action === action && running.ids.includes(id) }),
    [allowed, follow, mutate, running],
  );
}
