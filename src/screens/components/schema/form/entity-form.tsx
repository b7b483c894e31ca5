import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from '@refinedev/react-hook-form';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { Alert, Button, Form, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { RouteEntry } from '../../../../../model/resources/types';
import { createPayload, fieldEntries, updatePayload, withRules } from '../../../../../model/schemas/engine/entity';
import type { AnyEntity, FieldDecl } from '../../../../../model/schemas/engine/types';
import { FieldInput } from './field-input';
import { translatedSchema } from './translated-schema';
import { entityCatalogues } from '../../../../providers/entity-info';
import { useCatalogues } from '../../../hooks/use-catalogues';

type Values = Record<string, unknown>;

export interface EntityFormProps {
  list: RouteEntry;
  entity: AnyEntity;
  mode: 'create' | 'edit';
  id?: string;
  /** Values set for the user (and not shown): what a header dialog knows of the page it was opened on. */
  preset?: Values;
  onSaved: (record: Values) => void;
  onCancel?: () => void;
}

const initialValues = (fields: [string, FieldDecl][]) =>
  Object.fromEntries(fields.flatMap(([name, field]) => (field.initial === undefined ? [] : [[name, field.initial]])));

const errorAt = (errors: object, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as FieldError | undefined;
const messageOf = (errors: object, name: string) =>
  errorAt(errors, name)?.message ?? (errorAt(errors, name) as Record<string, FieldError> | undefined)?.amount?.message;

/**
 * The generated create or edit form: react-hook-form through Refine, the entity's own zod rules
 * (so the §5 messages match the server's), one antd control per field, and a warning before
 * leaving with unsaved changes. An edit sends back the updatedTime it loaded (a stale one is refused).
 */
export function EntityForm({ list, entity, mode, id, preset = {}, onSaved, onCancel }: EntityFormProps) {
  useCatalogues(entityCatalogues(entity.name)); // as its edit page's; also outside its page (the header's feedback dialog)
  const { t } = useTranslation();
  // The loaded updatedTime goes back untouched (Refine syncs only fields on screen), so it is not a form field.
  const schema = useMemo<z.ZodType<Values, Values>>(
    () => (mode === 'create' ? createPayload(entity) : withRules(entity, updatePayload(entity).omit({ id: true, updatedTime: true }))),
    [entity, mode],
  );
  const fields = fieldEntries(entity).filter(([name, field]) => (mode === 'create' ? field.edit : field.edit === 'always') && !(name in preset));
  const {
    control,
    handleSubmit,
    formState: { errors },
    refineCore: { onFinish, formLoading, query },
  } = useForm<Values, never, Values>({
    refineCoreProps: { resource: list.fullPath, action: mode, id, redirect: false, onMutationSuccess: ({ data }) => onSaved(data as Values) },
    resolver: zodResolver(translatedSchema(schema, t)),
    // A new record starts with the values its fields start with (a task's zone); an edit loads its own.
    defaultValues: mode === 'create' ? { ...initialValues(fields), ...preset } : preset,
    warnWhenUnsavedChanges: true,
  });

  // An edit shows its fields once the record is in them: typing into a form still loading would be overwritten.
  if (mode === 'edit' && !query?.data) return <Spin spinning style={{ display: 'block', padding: 48 }} />;
  // An error on a field not on screen (set for the user, or the record's version) must still be seen.
  const unplaced = Object.keys(errors).filter((name) => !fields.some(([shown]) => shown === name));
  return (
    <form
      onSubmit={handleSubmit((values) =>
        // A refused save is shown already (the notification, the server's field errors on the form): not an unhandled rejection too.
        onFinish({ ...values, ...preset, ...(mode === 'edit' && { updatedTime: query?.data?.data.updatedTime }) }).catch(() => undefined),
      )}
      noValidate
      className="edp-entity-form"
      style={{ maxWidth: 760 }}
      aria-busy={formLoading}
    >
      {unplaced.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={unplaced.map((name) => messageOf(errors, name)).join(' ')} />}
      {fields.map(([name, field]) => (
        <Form.Item
          key={name}
          label={t(field.label)}
          required={field.required}
          htmlFor={`field-${name}`}
          validateStatus={messageOf(errors, name) ? 'error' : undefined}
          help={messageOf(errors, name)}
          extra={field.help && t(field.help)}
          layout="vertical"
        >
          <Controller
            name={name}
            control={control}
            render={({ field: input }) => (
              <FieldInput name={name} field={field} value={input.value} onChange={input.onChange} onBlur={input.onBlur} control={control} />
            )}
          />
        </Form.Item>
      ))}
      {/* Leaving with unsaved changes asks first (the form tells Refine when it is dirty). */}
      <UnsavedChangesNotifier translationKey="common:unsaved" />
      <Space>
        <Button type="primary" htmlType="submit" loading={formLoading}>
          {t(mode === 'create' ? 'common:create' : 'common:save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common:cancel')}</Button>}
      </Space>
    </form>
  );
}
