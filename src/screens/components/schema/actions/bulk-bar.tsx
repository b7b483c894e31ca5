import { lazy, Suspense } from 'react';
import type { BulkBarProps } from './bulk-actions';

/** The bar and its buttons load with the first selection, not with every list. */
const BulkActions = lazy(() => import('./bulk-actions'));

/** What the user may do to the selected rows, shown while some are selected. */
export function BulkBar(props: BulkBarProps) {
  if (!props.ids.length) return null;
  return (
    <Suspense>
      <BulkActions {...props} />
    </Suspense>
  );
}
