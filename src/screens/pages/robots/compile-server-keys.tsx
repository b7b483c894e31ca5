import { compileServerKey } from '../../../../model/schemas/compile-server-key';
import type { RecordProps } from '../../route-modules';
import type { DeviceKeyKind } from './device-key-kind';
import { DeviceKeys } from './device-keys';

/** A compile server's keys: bound by `compileServerId`, the new key in the create's `extras.compileServerKey`. */
const COMPILE_SERVER_KEYS: DeviceKeyKind = { entity: compileServerKey, field: 'compileServerId', extra: 'compileServerKey', namespace: 'compileServer' };

/** The keys a compile server reports its status with, on the compile server's page. */
export default function CompileServerKeys({ record }: RecordProps) {
  return <DeviceKeys kind={COMPILE_SERVER_KEYS} deviceId={record.id} />;
}
