/** antd's component styles in the default theme, rendered at build time (scripts/antd-static-style.ts). */
declare module 'virtual:antd-default-theme.css';
