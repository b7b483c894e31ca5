import { Suspense } from 'react';
import type { RecordPartLoader } from '../../resources/types';
import { lazyPart } from './lazy-part';

/** What a route adds to its show page (src/resources: showParts), each loaded when the page first shows a record. */
export function RecordParts({ parts = [], record }: { parts?: RecordPartLoader[]; record: Record<string, unknown> & { id: number } }) {
  return parts.map((load, index) => {
    const Part = lazyPart(load);
    return (
      <Suspense key={index} fallback={null}>
        <Part record={record} />
      </Suspense>
    );
  });
}
