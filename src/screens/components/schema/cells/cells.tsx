import type { ReactNode } from 'react';
import type { CellSpec } from '../../../../../model/schemas/view';
import { useCellContext, type CellContext, type ReferenceShown } from './cell-context';
import { CELLS } from './cell-renderers';
import { CopyButton } from './copy-button';

const EMPTY = '-';

/** One value drawn by its widget, in the current language; a reference by the title the record carries. */
export function cellContent(spec: CellSpec, value: unknown, context: CellContext, reference?: ReferenceShown): ReactNode {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return EMPTY;
  return spec.widget ? CELLS[spec.widget](value, spec, context, reference) : String(value);
}

/** A table cell: the value, and a copy button where the field is copyable. */
export function renderCell(spec: CellSpec, value: unknown, context: CellContext, reference?: ReferenceShown): ReactNode {
  const shown = cellContent(spec, value, context, reference);
  return spec.copyable && value ? (
    <span>
      {shown}
      <CopyButton text={String(value)} t={context.t} hash={context.hash} />
    </span>
  ) : (
    shown
  );
}

/** One value on a page of its own (a record's details, the personal centre). */
export function Cell({ spec, value, reference }: { spec: CellSpec; value: unknown; reference?: ReferenceShown }): ReactNode {
  return cellContent(spec, value, useCellContext(), reference);
}
