import { describe, expect, it } from 'vitest';
import { foldBoxSizingResets } from '../../../scripts/antd-box-sizing';

const H = ':where(.css-abc)';
/** What antd writes for one component (its root's font, then box-sizing on prefixes), then a rule of its own. */
const component = (name: string) =>
  `${H}[class^="ant-${name}"],${H}[class*=" ant-${name}"]{font-size:14px;box-sizing:border-box;}` +
  `${H}[class^="ant-${name}"]::before,${H}[class*=" ant-${name}"]::after{box-sizing:border-box;}` +
  `${H}[class^="ant-${name}"] [class^="ant-${name}"],${H}[class*=" ant-${name}"] [class*=" ant-${name}"]::before{box-sizing:border-box;}` +
  `${H}.ant-${name}::before{box-sizing:border-box;}` +
  `${H}.ant-${name}{color:red;box-sizing:border-box;}`;

describe('foldBoxSizingResets', () => {
  it("folds every component's box-sizing prefixes into one rule where the first was, and leaves every other rule as it was", () => {
    const folded = foldBoxSizingResets(`.before{margin:0}${component('btn')}${component('table')}`);
    const rules = folded.split('}').filter(Boolean);
    expect(rules).toHaveLength(6); // .before, one fold, and per component its root's font and its own rule
    expect(rules[0]).toBe('.before{margin:0');
    expect(rules[1]).toBe(`${H}[class^="ant-btn"],${H}[class*=" ant-btn"]{font-size:14px;box-sizing:border-box;`);
    const anyAntd = [`${H}[class^=ant-]`, `${H}[class*=" ant-"]`, `${H} [class^=ant-]`, `${H} [class*=" ant-"]`];
    expect(rules[2]).toBe(`${anyAntd.flatMap((selector) => [selector, `${selector}::before`, `${selector}::after`]).join(',')}{box-sizing:border-box`);
    expect(rules.slice(3)).toEqual([
      `${H}.ant-btn{color:red;box-sizing:border-box;`,
      `${H}[class^="ant-table"],${H}[class*=" ant-table"]{font-size:14px;box-sizing:border-box;`,
      `${H}.ant-table{color:red;box-sizing:border-box;`,
    ]);
  });

  it('leaves a box-sizing rule alone when any of its selectors is not one of the reset prefixes', () => {
    const css = `${H}[class^="ant-btn"],.edp-own{box-sizing:border-box;}${H}.ant-btn .inner::before{box-sizing:border-box;}`;
    expect(foldBoxSizingResets(css)).toBe(css);
  });
});
