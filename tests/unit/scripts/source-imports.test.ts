import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdClassesOf, antdComponentsDrawnBy, antdComponentsOf, lazyAntdOf, staticClosure } from '../../../scripts/source-imports';

describe('what a source loads with it (scripts/source-imports.ts)', () => {
  it('follows static imports and re-exports however deep, not lazy or type-only ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edp-imports-'));
    const file = (name: string, code: string) => (writeFileSync(path.join(dir, name), code), path.join(dir, name));
    const root = file(
      'root.tsx',
      "import { a } from './a';\nimport type { T } from './typed';\nconst Lazy = lazy(() => import('./lazy'));\nexport * from './re';\nimport './side';\n",
    );
    file('a.ts', "import { b } from './b';\nexport const a = b;\n");
    file('b.tsx', 'export const b = 1;\n');
    for (const name of ['typed.ts', 'lazy.tsx', 're.ts', 'side.ts']) file(name, 'export {};\n');
    expect([...staticClosure([root])].map((found) => path.basename(found)).sort()).toEqual(['a.ts', 'b.tsx', 're.ts', 'root.tsx', 'side.ts']);
  });

  it("names the antd components a module imports, by name or by antd's folder, not types or lazy loads", () => {
    const source = [
      "import { Button, type TableProps, Table, notification } from 'antd';",
      'import Input from "antd/es/input/Input";',
      "import DatePicker from 'antd/es/date-picker';",
      "import type { RadioProps } from 'antd/es/radio';",
      "import type { AnyObject } from 'antd/es/_util/type';",
      "const Tree = lazy(() => import('antd/es/tree'));",
    ].join('\n');
    expect([...antdComponentsOf(source)].sort()).toEqual(['Button', 'DatePicker', 'Input', 'Table', 'notification']);
  });

  it('names the antd modules a source loads later, a folder or a module deep in one', () => {
    const source = "lazy(() => import('antd/es/radio'));\nimport(\"antd/es/table/hooks/useFilter/FilterDropdown\");\nimport('./antd/es/x');\n";
    expect(lazyAntdOf(source)).toEqual(['radio', 'table/hooks/useFilter/FilterDropdown']);
  });

  it('reads what a module deep in an antd folder draws from its imports of other folders, however deep in its own', () => {
    const es = mkdtempSync(path.join(tmpdir(), 'edp-antd-es-'));
    const file = (name: string, code: string) => (mkdirSync(path.dirname(path.join(es, name)), { recursive: true }), writeFileSync(path.join(es, name), code));
    file(
      'table/hooks/Dropdown.js',
      "import Tree from '../../tree';\nimport { x } from '../../_util/x';\nimport Search from './Search';\nimport type { T } from '../../menu';\n",
    );
    file('table/hooks/Search.js', "import Input from '../../input/Input';\nimport { y } from '../util';\n");
    file('table/util/index.js', "import Radio from '../../radio';\n");
    expect([...antdComponentsDrawnBy('table/hooks/Dropdown', es)].sort()).toEqual(['Input', 'Radio', 'Tree']);
  });

  it('names the antd classes a module writes itself', () => {
    expect([...antdClassesOf('`ant-btn ${hash} ant-btn-link` <label className="ant-checkbox-wrapper">')].sort()).toEqual(['ant-btn', 'ant-checkbox']);
  });
});
