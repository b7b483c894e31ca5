import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { filterParams, sortParam } from '../../../../providers/list-params';
import { client } from '../../../../providers/http';
import { currentLanguage } from '../../../../providers/i18n';
import { notifier } from '../../../../providers/notifier';
import { saveBlob } from '../shared/save-file';
import { useBusy } from '../../../hooks/use-busy';

/** Downloads the records of the current filter as CSV (the server streams it). */
export function ExportButton({ api, name, filters, sorters }: { api: string; name: string; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const { t } = useTranslation();
  const { busy, whileBusy } = useBusy();
  const download = () =>
    whileBusy(
      async () => {
        const sort = sortParam(sorters);
        const params = { ...filterParams(filters), ...(sort ? { sort } : {}), lang: currentLanguage() };
        // The file as it comes, not an envelope; a large one streams for longer than a call may take.
        const response = await client.get<Blob>(`${api}/export`, { params, responseType: 'blob', timeout: 0, raw: true });
        saveBlob(`${name}.csv`, response.data);
      },
      () => notifier.error(t('errors:generic'), t('common:exportFailed')),
    );
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="export-csv">
      {t('common:export')}
    </Button>
  );
}
