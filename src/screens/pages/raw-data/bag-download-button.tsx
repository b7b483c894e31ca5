import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import { api } from '../../../providers/http';
import { clickDownload } from '../../components/schema/shared/save-file';
import type { DownloadLink } from './download-files';

/** A bag's file, through its 7-day link (spec §9); a refusal (no stored file, the quota spent) is told by the HTTP layer. */
export default function BagDownloadButton({ record }: { record: { id: number } }) {
  useCatalogues(['lake']);
  const { t } = useTranslation();
  const { busy, whileBusy } = useBusy();
  const download = () =>
    whileBusy(async () => {
      const link = await api.get<Omit<DownloadLink, 'id'>>('/data/lake/bag/download-url', { id: record.id });
      clickDownload(link.url, link.fileName);
    });
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="bag-download">
      {t('lake:download')}
    </Button>
  );
}
