import type { RadioProps } from 'antd/es/radio';
import { lazy, Suspense } from 'react';
import { withMoreStyles } from './with-more-styles';

/**
 * What antd's table imports as the radio of a single-choice row selection (scripts/vite-plugins.ts
 * points it here). The console's tables select with check boxes, so the radio and the form code it
 * imports (~8 kB gzip) load with the first table that selects by radio, not with every table.
 */
const Radio = lazy(withMoreStyles(() => import('antd/es/radio')));

export default function RadioOnDemand(props: RadioProps) {
  return (
    <Suspense>
      <Radio {...props} />
    </Suspense>
  );
}
