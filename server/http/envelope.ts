import { RESULT_CODE } from '../../model/schemas/envelope';
import { localize } from './messages';

const SUCCESS = localize('common:success');

/** Spec §7 success envelope. */
export const ok = <T>(data: T) => ({ code: RESULT_CODE.success, message: SUCCESS, data });
