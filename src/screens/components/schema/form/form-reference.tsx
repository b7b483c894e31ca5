import { useWatch } from 'react-hook-form';
import type { FieldDecl } from '../../../../../model/schemas/engine/types';
import type { FormControl } from './cron-input';
import { ReferenceSelect } from './reference-select';

interface FormReferenceProps {
  id: string;
  field: FieldDecl;
  value: number | null;
  onChange: (value: number | null) => void;
  control: FormControl;
}

/**
 * A reference on a form: the records its field offers, and of those, where it names `within`, only
 * the ones belonging to what the form's other fields name (the versions of the dataset chosen above).
 */
export function FormReference({ id, field, value, onChange, control }: FormReferenceProps) {
  const within = Object.entries(field.within ?? {});
  const values = useWatch({ control, name: within.map(([, name]) => name), disabled: within.length === 0 }) as unknown[] | undefined;
  const narrowed = Object.fromEntries(
    within.flatMap(([key], index) => {
      const named = values?.[index];
      return named === undefined || named === null || named === '' ? [] : [[key, String(named)]];
    }),
  );
  const offers = field.offers || within.length ? { ...field.offers, ...narrowed } : undefined;
  return <ReferenceSelect id={id} entity={field.reference!} offers={offers} value={value} onChange={onChange} liveAfterPaint />;
}
