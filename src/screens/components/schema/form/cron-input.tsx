import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import type { FieldDecl } from '../../../../../model/schemas/engine/types';
import { useDebouncedValue } from './use-debounced-value';

// cronstrue and the zone-aware dayjs load with the first cron field, not with every form.
const CronPreview = lazy(() => import('./cron-preview'));

export type FormControl = Control<Record<string, unknown>>;

interface CronInputProps {
  id: string;
  name: string;
  field: FieldDecl;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  control: FormControl;
}

/** A cron expression, with what it means and when it fires next (in the zone its form names) under it, as it is typed. */
export function CronInput({ id, name, field, value, onChange, onBlur, control }: CronInputProps) {
  const zone = useWatch({ control, name: field.timezoneField ?? name, disabled: !field.timezoneField });
  const { errors } = useFormState({ control, name });
  const expression = useDebouncedValue(value.trim(), 300);
  return (
    <>
      <Input id={id} maxLength={field.max} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />
      {expression && (
        <Suspense fallback={null}>
          <CronPreview
            field={field}
            expression={expression}
            timezone={field.timezoneField && typeof zone === 'string' ? zone : ''}
            // The form already says what is wrong once it has checked: not said twice.
            showFault={!errors[name]}
          />
        </Suspense>
      )}
    </>
  );
}
