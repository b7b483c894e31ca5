import { DatePicker, Input, InputNumber, Rate, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import type { FieldDecl, PerWidget } from '../../../../../model/schemas/engine/types';
import type { Quota } from '../../../../../model/schemas/tenant';
import { dayjs } from '../shared/dayjs-locale';
import { CronInput, type FormControl } from './cron-input';
import { ListFilterInput } from './list-filter-input';
import { QuotaInput } from './quota-input';
import { UnitNumber } from './unit-number';
import { FormReference } from './form-reference';

const CodeEditor = lazy(() => import('../../code-editor/code-editor'));

/** What editing one field needs: its declaration, its value and the form it is in. */
export interface WidgetInputProps {
  /** The control's id, which the field's label points at. */
  id: string;
  name: string;
  field: FieldDecl;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** The form the field is in: a widget may read its other fields (a cron field, its zone). */
  control: FormControl;
  t: TFunction;
}

/** Draws the control that edits a field of one widget. */
export type InputRenderer = (props: WidgetInputProps) => ReactNode;

/** One control per widget: a table missing one does not compile, so a new widget is editable on every form. */
export type InputRegistry = PerWidget<InputRenderer>;

const textInput: InputRenderer = ({ id, field, value, onChange, onBlur }) => (
  <Input id={id} maxLength={field.max} value={(value as string) ?? ''} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />
);

const numberProps = ({ id, field, value, onChange, onBlur }: WidgetInputProps) => ({
  id,
  min: field.min,
  max: field.max,
  precision: field.precision,
  style: { width: '100%' },
  value: value as number | null,
  onChange,
  onBlur,
});

const codeEditor: InputRenderer = ({ field, value, onChange, t }) => (
  <Suspense fallback={<Input.TextArea rows={6} disabled />}>
    <CodeEditor label={t(field.label)} language={field.language} value={(value as string) ?? ''} onChange={onChange} />
  </Suspense>
);

/** The antd control each widget is edited with on the generated forms. */
export const INPUTS = {
  text: textInput,
  // Comma-separated role codes, typed as they are stored.
  roles: textInput,
  textarea: ({ id, field, value, onChange, onBlur }) => (
    <Input.TextArea
      id={id}
      rows={3}
      showCount
      maxLength={field.max}
      value={(value as string) ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  ),
  keyValue: ({ id, value, onChange, onBlur }) => (
    <Input.TextArea
      id={id}
      rows={5}
      placeholder="KEY=value"
      style={{ fontFamily: 'monospace' }}
      value={(value as string) ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  ),
  number: (props) => <InputNumber {...numberProps(props)} />,
  money: (props) => <InputNumber {...numberProps(props)} prefix="¥" />,
  bytes: (props) => <UnitNumber {...numberProps(props)} unit="B" />,
  duration: (props) => <UnitNumber {...numberProps(props)} unit={(props.t('common:durationUnits', { returnObjects: true }) as string[])[3]} />,
  rating: ({ id, field, value, onChange }) => <Rate id={id} count={field.max} value={(value as number) ?? 0} onChange={onChange} />,
  datetime: ({ id, value, onChange }) => (
    <DatePicker
      id={id}
      showTime
      style={{ width: '100%' }}
      value={value ? dayjs(value as string) : null}
      onChange={(date) => onChange(date ? date.toISOString() : null)}
    />
  ),
  enum: ({ id, field, value, onChange, t }) => (
    <Select
      id={id}
      allowClear={!field.required}
      options={field.options!.map((option) => ({ value: option.value, label: t(option.label) }))}
      value={(value as string) || undefined}
      onChange={(next) => onChange(next ?? '')}
    />
  ),
  tags: ({ id, value, onChange }) => <Select id={id} mode="tags" tokenSeparators={[',']} value={(value as string[]) ?? []} onChange={onChange} />,
  reference: ({ id, field, value, onChange, control }) => (
    <FormReference id={id} field={field} value={(value as number) ?? null} onChange={onChange} control={control} />
  ),
  boolean: ({ id, value, onChange }) => <Switch id={id} checked={Boolean(value)} onChange={onChange} />,
  cron: ({ id, name, field, value, onChange, onBlur, control }) => (
    <CronInput id={id} name={name} field={field} value={(value as string) ?? ''} onChange={onChange} onBlur={onBlur} control={control} />
  ),
  quota: ({ id, value, onChange }) => <QuotaInput id={id} value={value as Quota} onChange={onChange} />,
  json: codeEditor,
  code: codeEditor,
  listFilter: ({ id, field, value, onChange, control }) => (
    <ListFilterInput id={id} field={field} value={(value as string) ?? ''} onChange={onChange} control={control} />
  ),
} satisfies InputRegistry;
