/** A rule of antd's component reset that says only `box-sizing:border-box`, of the prefix selectors it writes per component. */
const RESET_RULE = /([^{}@]+)\{box-sizing:border-box;?\}/g;
/** `[class^="ant-btn"]` or `[class*=" ant-btn"]` (quoted as antd writes them, or as a minifier leaves them). */
const PREFIX = String.raw`\[class(?:\^="?ant-[\w-]+"?|\*=(?:" |\\ )ant-[\w-]+"?)\]`;
/** `:where(.css-x).ant-btn::before`, `:where(.css-x)[class^=ant-btn] [class*=" ant-btn"]::after`, ...: each selector of one. */
const RESET_SELECTOR = new RegExp(String.raw`^:where\(\.(css-[\w-]+)\)(?:\.ant-[\w-]+|${PREFIX})(?: ${PREFIX})?(?:::?before|::?after)?$`);

/**
 * antd writes box-sizing:border-box for each component as some twenty selectors on class-attribute
 * prefixes (`[class^=ant-table] [class*=" ant-table"]::after`): a few hundred for the console's
 * components. A browser cannot sort such selectors by class: it tries each against every element
 * with a class, and the descendant ones against its ancestors too. That was half of the style
 * recalculation of a list's first frame. They are folded into one rule for any antd
 * element inside or at a component root of the theme (`ant-` prefixes of every component, so
 * antd's elements only, all meant to be border-box), written where the first of them was.
 */
export function foldBoxSizingResets(css: string): string {
  const hashes = new Set<string>();
  let at = -1;
  const rest = css.replace(RESET_RULE, (rule, selectors: string, offset: number) => {
    const matches = selectors.split(',').map((selector) => RESET_SELECTOR.exec(selector.trim()));
    if (matches.some((match) => !match)) return rule;
    for (const match of matches) hashes.add(match![1]!);
    if (at < 0) at = offset;
    return '';
  });
  if (at < 0) return css;
  const folded = [...hashes]
    .flatMap((hash) =>
      [`:where(.${hash})[class^=ant-]`, `:where(.${hash})[class*=" ant-"]`, `:where(.${hash}) [class^=ant-]`, `:where(.${hash}) [class*=" ant-"]`].flatMap(
        (selector) => [selector, `${selector}::before`, `${selector}::after`],
      ),
    )
    .join(',');
  return `${rest.slice(0, at)}${folded}{box-sizing:border-box}${rest.slice(at)}`;
}
