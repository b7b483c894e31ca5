import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { clickDownload } from '../../components/schema/shared/save-file';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { exportsApi } from './datasets-api';

/** A finished training set's LeRobot archive (.tar), through its signed link; nothing to download before the export succeeds. */
export default function TrainingDownload({ record }: RecordProps) {
  useCatalogues(['trainingData']);
  const { t } = useTranslation();
  const { busy, whileBusy } = useBusy();
  if (record.status !== 'success') return null;
  const download = () =>
    whileBusy(async () => {
      const link = await exportsApi.archiveLink(record.id);
      clickDownload(link.url, link.fileName);
    });
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="training-download">
      {t('trainingData:download')}
    </Button>
  );
}
