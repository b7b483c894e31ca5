/** antd's component styles in the default theme, rendered at build time (scripts/antd-static-style.ts). */
declare module 'virtual:antd-default-theme.css';
/** The styles of the components a signed-in list does not draw (the same script). */
declare module 'virtual:antd-more-styles.css';
