import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, sortParam } from '../../../../providers/list-params';
import { currentLanguage } from '../../../../providers/i18n';
import { notifier } from '../../../../providers/notifier';
import { sessionStore } from '../../../../providers/session-store';
import { saveBlob } from '../shared/save-file';

/** Downloads the records of the current filter as CSV (the server streams it). */
export function ExportButton({ api, name, filters, sorters }: { api: string; name: string; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const sort = sortParam(sorters);
    const query = new URLSearchParams({ ...filterParams(filters), ...(sort ? { sort } : {}), lang: currentLanguage() });
    try {
      const response = await fetch(`/api/v1${api}/export?${query}`, { headers: { authorization: `Bearer ${sessionStore.token()}` } });
      if (!response.ok) throw new Error(String(response.status));
      saveBlob(`${name}.csv`, await response.blob());
    } catch {
      notifier.error(t('errors:generic'), t('common:exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="export-csv">
      {t('common:export')}
    </Button>
  );
}
