import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';

/**
 * Copies a cell's value. A list holds one per copyable cell, so it is a plain button with the
 * browser's own tooltip: antd's Tooltip or Typography's copyable cost every row far more.
 */
export function CopyButton({ text, t }: { text: string; t: TFunction }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Button
      type="link"
      size="small"
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      aria-label={t('common:copy')}
      title={t(copied ? 'common:copied' : 'common:copy')}
      onClick={() => void copy()}
    />
  );
}
