import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { linkButtonClass } from '../shared/plain-antd';

/**
 * Copies a cell's value. A list holds one per copyable cell, so it is antd's small link button as
 * a plain element with the browser's own tooltip: antd's Button, Tooltip or Typography's copyable
 * cost every row far more.
 */
export function CopyButton({ text, t, hash }: { text: string; t: TFunction; hash: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button
      type="button"
      className={linkButtonClass(hash, { iconOnly: true })}
      aria-label={t('common:copy')}
      title={t(copied ? 'common:copied' : 'common:copy')}
      onClick={() => void copy()}
    >
      <span className="ant-btn-icon">{copied ? <CheckOutlined /> : <CopyOutlined />}</span>
    </button>
  );
}
