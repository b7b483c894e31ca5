import type { AnyEntity } from '../../../../model/schemas/engine/types';

/**
 * What tells a robot's keys from a compile server's: the key entity (its declaration), the field that
 * binds a key to its device, where a create's answer carries the new key, and the namespace of the
 * device page's texts (robot, compileServer).
 */
export interface DeviceKeyKind {
  entity: AnyEntity;
  field: string;
  extra: string;
  namespace: string;
}

/** A key as its create answers it, the one time its secret leaves the server. */
export interface NewKey {
  keyId: string;
  secret: string;
}
