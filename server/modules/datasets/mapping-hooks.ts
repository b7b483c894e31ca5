import { leRobotMapping, type LeRobotMapping } from '../../../model/schemas/lerobot-mapping';
import type { EntityHooks } from '../../engine/hooks';
import { ApiError } from '../../http/api-error';

/** A mapping's JSON text, checked against LeRobot mapping's schema: 400 naming the first thing wrong. */
export function mappingOf(text: unknown): LeRobotMapping {
  let value: unknown;
  try {
    value = JSON.parse(String(text ?? ''));
  } catch {
    throw new ApiError(400, 'validation:json', { label: 'trainingMapping:fields.mapping' }, { field: 'mapping' });
  }
  const parsed = leRobotMapping.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const at = issue!.path.length ? `${issue!.path.join('.')}: ` : '';
  throw new ApiError(400, 'trainingMapping:errors.invalid', { detail: `${at}${issue!.message}` }, { field: 'mapping' });
}

/** A robot type's mapping is saved only when it is one: an export never meets a mapping it cannot read. */
export const mappingHooks: EntityHooks = {
  beforeCreate: (_context, input) => void mappingOf(input.mapping),
  beforeUpdate: (_context, _current, changes) => {
    if (changes.mapping !== undefined) mappingOf(changes.mapping);
  },
};
