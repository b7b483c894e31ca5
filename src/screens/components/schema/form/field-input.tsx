import { DatePicker, Input, InputNumber, Rate, Select, Switch } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDecl } from '../../../../../model/schemas/engine/types';
import type { Quota } from '../../../../../model/schemas/tenant';
import { CronInput, type FormControl } from './cron-input';
import { dayjs } from '../shared/dayjs-locale';
import { QuotaInput } from './quota-input';
import { ReferenceSelect } from './reference-select';

const CodeEditor = lazy(() => import('../../code-editor/code-editor'));

interface FieldInputProps {
  name: string;
  field: FieldDecl;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** The form the field is in: a widget may read its other fields (a cron field, its zone). */
  control: FormControl;
}

/** The antd control a field's widget asks for (issue #4: antd widgets per field). */
export function FieldInput({ name, field, value, onChange, onBlur, control }: FieldInputProps) {
  const { t } = useTranslation();
  const id = `field-${name}`;
  const number = { id, min: field.min, max: field.max, precision: field.precision, style: { width: '100%' }, value: value as number | null, onChange, onBlur };
  switch (field.widget) {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          rows={3}
          showCount
          maxLength={field.max}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
    case 'keyValue':
      return (
        <Input.TextArea
          id={id}
          rows={5}
          placeholder="KEY=value"
          style={{ fontFamily: 'monospace' }}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
    case 'number':
      return <InputNumber {...number} />;
    case 'money':
      return <InputNumber {...number} prefix="¥" />;
    case 'bytes':
      return <InputNumber {...number} addonAfter="B" />;
    case 'duration':
      return <InputNumber {...number} addonAfter={(t('common:durationUnits', { returnObjects: true }) as string[])[3]} />;
    case 'rating':
      return <Rate id={id} count={field.max} value={(value as number) ?? 0} onChange={onChange} />;
    case 'datetime':
      return (
        <DatePicker
          id={id}
          showTime
          style={{ width: '100%' }}
          value={value ? dayjs(value as string) : null}
          onChange={(date) => onChange(date ? date.toISOString() : null)}
        />
      );
    case 'enum':
      return (
        <Select
          id={id}
          allowClear={!field.required}
          options={field.options!.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={(value as string) || undefined}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'tags':
      return <Select id={id} mode="tags" tokenSeparators={[',']} value={(value as string[]) ?? []} onChange={onChange} />;
    case 'reference':
      return <ReferenceSelect id={id} entity={field.reference!} value={(value as number) ?? null} onChange={onChange} liveAfterPaint />;
    case 'boolean':
      return <Switch id={id} checked={Boolean(value)} onChange={onChange} />;
    case 'cron':
      return <CronInput id={id} name={name} field={field} value={(value as string) ?? ''} onChange={onChange} onBlur={onBlur} control={control} />;
    case 'quota':
      return <QuotaInput id={id} value={value as Quota} onChange={onChange} />;
    case 'json':
    case 'code':
      return (
        <Suspense fallback={<Input.TextArea rows={6} disabled />}>
          <CodeEditor label={t(field.label)} language={field.language} value={(value as string) ?? ''} onChange={onChange} />
        </Suspense>
      );
    default:
      return <Input id={id} maxLength={field.max} value={(value as string) ?? ''} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />;
  }
}
