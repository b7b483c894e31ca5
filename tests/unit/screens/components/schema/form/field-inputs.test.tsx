import { Refine } from '@refinedev/core';
import { act } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldDecl, PerWidget, Widget } from '../../../../../../model/schemas/engine/types';
import { dataProvider } from '../../../../../../src/providers/data';
import { i18n, loadNamespaces } from '../../../../../../src/providers/i18n';
import type { FormControl } from '../../../../../../src/screens/components/schema/form/cron-input';
import { FieldInput } from '../../../../../../src/screens/components/schema/form/field-input';
import { INPUTS, type InputRegistry } from '../../../../../../src/screens/components/schema/form/field-inputs';
import { mountedRoot } from '../../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OPTIONS = [{ value: 'A', label: 'common:yes' }];

type Read = (form: HTMLElement) => string | null | undefined;
/** What the elements at `selector` show, in document order: a field's value, any other element's text. */
const shownAt =
  (selector: string): Read =>
  (form) =>
    [...form.querySelectorAll(selector)]
      .map((node) => (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement ? node.value : node.textContent))
      .join('|');
/** What a select shows, where its control (which the label points at) is there. */
const selectShows =
  (selector: string): Read =>
  (form) =>
    form.querySelector('input#field-f[role=combobox]') && shownAt(selector)(form);

/**
 * A value of each widget, and what the control that edits it holds. Typed per widget, so a widget
 * added to the union is not done until this says how it is edited.
 */
const EDITED = {
  text: ['shelf-7', shownAt('input#field-f'), 'shelf-7'],
  roles: ['rd,tenant_admin', shownAt('input#field-f'), 'rd,tenant_admin'],
  textarea: ['a note', shownAt('textarea#field-f'), 'a note'],
  keyValue: ['A=1', shownAt('textarea#field-f[placeholder="KEY=value"]'), 'A=1'],
  number: [1234.5, shownAt('input#field-f'), '1234.5'],
  money: [12.5, shownAt('.ant-input-number-prefix, input#field-f'), '¥|12.5'],
  bytes: [1536, shownAt('input#field-f, .ant-space-addon'), '1536|B'],
  duration: [90, shownAt('input#field-f, .ant-space-addon'), '90|秒'],
  rating: [3, (form) => String(form.querySelectorAll('#field-f.ant-rate .ant-rate-star-full').length), '3'],
  datetime: [new Date(2026, 10, 1, 8, 5, 9).toISOString(), shownAt('input#field-f'), '2026-11-01 08:05:09'],
  enum: ['A', selectShows('.ant-select-selection-item'), '是'],
  tags: [['near', 'far'], selectShows('.ant-select-selection-item-content'), 'near|far'],
  reference: [null, (form) => form.querySelector('#field-f')?.className, expect.stringContaining('ant-select')],
  boolean: [true, (form) => form.querySelector('button#field-f[role=switch]')?.getAttribute('aria-checked'), 'true'],
  cron: ['0 2 * * *', shownAt('input#field-f'), '0 2 * * *'],
  quota: [{ limited: true, amount: 2048 }, shownAt('#field-f .ant-radio-button-wrapper-checked, #field-f input.ant-input-number-input'), '限额|2048'],
  json: ['{"a":1}', (form) => form.querySelector('textarea[disabled], [data-testid=code-editor]')?.tagName, expect.stringMatching(/^(TEXTAREA|DIV)$/)],
  code: ['print(7)', (form) => form.querySelector('textarea[disabled], [data-testid=code-editor]')?.tagName, expect.stringMatching(/^(TEXTAREA|DIV)$/)],
  // The list's own filters, set from the saved one (the list the field names: structured data).
  listFilter: ['{"robotSn":"G1-A009"}', shownAt('#field-f #filter-robotSn'), 'G1-A009'],
} satisfies PerWidget<[unknown, Read, unknown]>;

function Form({ widget, value }: { widget: Widget; value: unknown }) {
  const { control } = useForm<Record<string, unknown>>({ defaultValues: { f: value } });
  const field = {
    label: 'common:yes',
    widget,
    options: OPTIONS,
    reference: 'dataset',
    filterOf: [{ entity: 'structured-data', within: {} }],
    required: false,
    input: z.string(),
  } as unknown as FieldDecl;
  return <FieldInput name="f" field={field} value={value} onChange={() => undefined} control={control as unknown as FormControl} />;
}

async function edited(widget: Widget, value: unknown) {
  const { root, container } = mountedRoot();
  await act(async () =>
    root.render(
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <Form widget={widget} value={value} />
          </MemoryRouter>
        </I18nextProvider>
      </Refine>,
    ),
  );
  return container;
}

beforeAll(async () => {
  // The forms' lazy parts, loaded before a test draws them: each test sees them drawn, not their fallback.
  await Promise.all([
    import('../../../../../../src/screens/components/code-editor/code-editor'),
    import('../../../../../../src/screens/components/schema/form/cron-preview'),
  ]);
  await i18n.changeLanguage('zh_CN');
  await loadNamespaces(['tenant', 'structuredData']); // the listFilter's list (structured data) names its filters
});

describe('inputs: how each widget is edited on the generated forms', () => {
  it('a table of inputs missing a widget does not compile', () => {
    const withoutQuota: Omit<typeof INPUTS, 'quota'> = INPUTS;
    // @ts-expect-error a widget without an input: the registry's type refuses the table
    const incomplete: InputRegistry = withoutQuota;
    expect(incomplete).toBe(INPUTS);
  });

  it.each(Object.entries(EDITED) as [Widget, [unknown, Read, unknown]][])('%s', async (widget, [value, read, shown]) => {
    expect(read(await edited(widget, value))).toEqual(shown);
  });
});
