/**
 * A loader of antd's own modules that draw components a list does not (a tree, a radio), with the
 * stylesheet of those components (scripts/antd-static-style.ts): antd's map says it holds their
 * styles, so without it they would be drawn unstyled.
 */
export const withMoreStyles =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([import('virtual:antd-more-styles.css'), load()]).then(([, module]) => module);
