import { z } from 'zod';
import { createPayload } from '../../model/schemas/engine/entity';
import type { AnyEntity } from '../../model/schemas/engine/types';
import { describeIssue } from '../../model/schemas/issues';
import { ApiError } from '../http/api-error';
import { hasMessage } from '../http/messages';
import type { Values } from './hooks';

/**
 * What the system may write: the fields a person edits, held to the same rules, with the transient
 * ones (a new space's administrator) left to the caller. Fields nobody edits (states, timings, a
 * job's name) are the system's to set and pass as given.
 */
const payloads = new WeakMap<AnyEntity, z.ZodType<Values>>();
function systemPayload(entity: AnyEntity): z.ZodType<Values> {
  let payload = payloads.get(entity);
  if (!payload) payloads.set(entity, (payload = createPayload(entity, { transientOptional: true }) as z.ZodType<Values>));
  return payload;
}

/** The system's input as it will be written, or a 400 naming the first broken rule, as the API would. */
export function checkSystemInput(entity: AnyEntity, given: Values): Values {
  const payload = systemPayload(entity);
  // Times as the API carries them: the system naturally holds Dates.
  const input = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, value instanceof Date ? value.toISOString() : value]));
  const checked = payload.safeParse(input);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const { field, key, params } = describeIssue(payload, issue!, hasMessage);
    throw new ApiError(400, key, params, { field });
  }
  const unchecked = Object.fromEntries(Object.entries(input).filter(([name]) => !(name in checked.data)));
  return { ...unchecked, ...checked.data };
}
