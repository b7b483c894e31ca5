import { robotKey } from '../../../../model/schemas/robot-key';
import type { RecordProps } from '../../route-modules';
import type { DeviceKeyKind } from './device-key-kind';
import { DeviceKeys } from './device-keys';

/** A robot's keys: bound by `robotId`, the new key in the create's `extras.robotKey`. */
const ROBOT_KEYS: DeviceKeyKind = { entity: robotKey, field: 'robotId', extra: 'robotKey', namespace: 'robot' };

/** The keys a robot reports its heartbeats with, on the robot's page. */
export default function RobotKeys({ record }: RecordProps) {
  return <DeviceKeys kind={ROBOT_KEYS} deviceId={record.id} />;
}
