import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { antdPartsOnDemand } from '../../../scripts/vite-plugins';

const require = createRequire(import.meta.url);
const antdFile = (file: string) => require.resolve(`antd/es/${file}`);
const resolve = antdPartsOnDemand().resolveId as (source: string, importer?: string) => string | undefined;

describe("antd's parts that load when first drawn", () => {
  it("points the table's filter dropdown and selection radio at the console's shims, and nothing else", () => {
    expect(resolve('./FilterDropdown', antdFile('table/hooks/useFilter/index.js'))).toMatch(/src[\\/]boot[\\/]shims[\\/]table-filter-dropdown\.tsx$/);
    expect(resolve('../../radio', antdFile('table/hooks/useSelection.js'))).toMatch(/src[\\/]boot[\\/]shims[\\/]table-selection-radio\.tsx$/);
    expect(resolve('../../radio', antdFile('table/hooks/useSorter.js'))).toBeUndefined();
    expect(resolve('./FilterDropdown', '/src/components/schema/entity-filters.tsx')).toBeUndefined();
  });

  it("gives antd's form context rc-field-form's provider from the module that defines it, which the whole form imports too", () => {
    const provider = resolve('rc-field-form', antdFile('form/context.js'));
    expect(provider).toBe(require.resolve('rc-field-form/es/FormContext.js'));
    expect(readFileSync(require.resolve('rc-field-form/es/index.js'), 'utf8')).toContain('import { FormProvider } from "./FormContext"');
    expect(resolve('rc-field-form', antdFile('form/Form.js'))).toBeUndefined();
  });

  it('still finds those imports in the installed antd (an upgrade that moves them leaves the parts in every table)', () => {
    expect(readFileSync(antdFile('table/hooks/useFilter/index.js'), 'utf8')).toContain("from './FilterDropdown'");
    expect(readFileSync(antdFile('table/hooks/useSelection.js'), 'utf8')).toContain("from '../../radio'");
    expect(readFileSync(antdFile('form/context.js'), 'utf8')).toContain("import { FormProvider as RcFormProvider } from 'rc-field-form'");
  });
});
