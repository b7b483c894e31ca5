import { useInvalidate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { entityListEntry } from '../../../../model/resources/index';
import { api } from '../../../providers/http';
import type { DeviceKeyKind, NewKey } from './device-key-kind';

type Created = Record<string, unknown> & { extras?: Record<string, NewKey | undefined> };

/**
 * Makes a key for a device with a name; the server makes its id and secret. Answers the new key (its
 * secret shown once) and has the device's key lists read again, wherever the page shows them.
 */
export function useCreateKey(kind: DeviceKeyKind, deviceId: number) {
  const invalidate = useInvalidate();
  const list = entityListEntry(kind.entity.name)!;
  return useMutation({
    mutationFn: async (name: string) => {
      const created = await api.post<Created>(`${list.api}/create`, { [kind.field]: deviceId, name });
      return created.extras?.[kind.extra];
    },
    onSuccess: () => void invalidate({ resource: list.fullPath, invalidates: ['list'] }),
  });
}
