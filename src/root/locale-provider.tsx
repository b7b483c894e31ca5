import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** antd's component texts (pagination, empty states) follow the console's language; English is antd's default. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en_US';
  return <ConfigProvider locale={english ? undefined : zhCN}>{children}</ConfigProvider>;
}
