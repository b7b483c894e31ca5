import { theme } from 'antd';

/** The class antd's styles of the current theme are scoped by (`css-…`), for elements drawn with antd's classes (plain-antd.tsx). */
export function useAntdHash(): string {
  return theme.useToken().hashId;
}
