import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authProvider, type SignInValues } from '../../../providers/auth';
import { SIGN_IN_PATH } from '../../../../model/resources/sign-in-path';

/** Only a path inside the console is followed back after sign-in (no open redirect). */
const returnPath = (to: string | null) => (to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith(SIGN_IN_PATH) ? to : undefined);

/** Spec §4 sign-in: pending until the call ends; success replaces the history entry. */
export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const signIn = async (values: SignInValues) => {
    setPending(true);
    const { success, redirectTo } = await authProvider.login(values);
    setPending(false);
    if (success) navigate(returnPath(params.get('to')) ?? redirectTo ?? '/', { replace: true });
  };
  return { signIn, pending };
}
