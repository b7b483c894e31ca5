import { useTranslation } from 'react-i18next';
import { INPUTS, type WidgetInputProps } from './field-inputs';

/** The antd control a field's widget asks for, its id `field-<name>` (the form item's label points at it). */
export function FieldInput(props: Omit<WidgetInputProps, 'id' | 't'>) {
  const { t } = useTranslation();
  return INPUTS[props.field.widget]({ ...props, id: `field-${props.name}`, t });
}
