import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies a cell's value; lighter than Typography's copyable, which lists would otherwise all load. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Tooltip title={t(copied ? 'common:copied' : 'common:copy')}>
      <Button type="link" size="small" icon={copied ? <CheckOutlined /> : <CopyOutlined />} aria-label={t('common:copy')} onClick={() => void copy()} />
    </Tooltip>
  );
}
