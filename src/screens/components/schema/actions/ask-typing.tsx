import { lazy, Suspense } from 'react';

/** Its dialog and input load when a bulk action is first asked for, not with every list. */
const ConfirmTyping = lazy(() => import('./confirm-typing').then(({ ConfirmTyping }) => ({ default: ConfirmTyping })));

/** Spec §5's "type yes" over `count` records, while `action` (its label) is being asked for. */
export function AskTyping({ action, ...props }: { action: string | undefined; count: number; busy?: boolean; onCancel: () => void; onConfirm: () => void }) {
  if (!action) return null;
  return (
    <Suspense>
      <ConfirmTyping action={action} {...props} />
    </Suspense>
  );
}
