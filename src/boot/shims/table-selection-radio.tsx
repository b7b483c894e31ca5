import type { RadioProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * What antd's table imports as the radio of a single-choice row selection (scripts/vite-plugins.ts
 * points it here). The console's tables select with check boxes, so the radio and the form code it
 * imports (~8 kB gzip) load with the first table that selects by radio, not with every table, and
 * with the stylesheet that holds its styles (the build adds it to the module that imports it: scripts/antd-static-style.ts).
 */
const Radio = lazy(() => import('./antd-radio'));

export default function RadioOnDemand(props: RadioProps) {
  return (
    <Suspense>
      <Radio {...props} />
    </Suspense>
  );
}
