import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { authProvider, type SignInValues } from '../../providers/auth';

/** Only a path inside the console is followed back after sign-in (no open redirect). */
const returnPath = (to: string | null) => (to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/login') ? to : undefined);

/** Spec §4 sign-in: the button shows loading until the call ends; success replaces the history entry. */
export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SignInValues) => authProvider.login(values),
    onSuccess: ({ success, redirectTo }) => {
      if (!success) return;
      queryClient.clear(); // nothing cached for a previous user survives
      navigate(returnPath(params.get('to')) ?? redirectTo ?? '/', { replace: true });
    },
  });
}
