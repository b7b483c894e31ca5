import { useCallback, useState } from 'react';
import { useSession } from '../../../hooks/use-session';
import { readJson, writeJson } from '../../../../providers/storage-keys';

/** Which columns a user hid on an entity's list, remembered per user on this browser. */
export function useColumnSettings(entity: string) {
  const { userInfo } = useSession();
  const key = `edpColumns:${userInfo?.tenant.code}:${userInfo?.code}:${entity}`;
  const [hidden, setHidden] = useState<string[]>(() => readJson<string[]>(key, []));
  // The same function while the key stays: the list's tools are drawn again only when what they show changes.
  const save = useCallback(
    (next: string[]) => {
      setHidden(next);
      writeJson(key, next);
    },
    [key],
  );
  return { hidden, setHidden: save };
}
