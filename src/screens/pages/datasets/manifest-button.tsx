import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../providers/notifier';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { datasetsApi } from './datasets-api';

/** A version page's manifest: every member's bag, MD5, object path, clip and labels, as JSON. */
export default function ManifestButton({ record }: RecordProps) {
  useCatalogues(['curation']);
  const { t } = useTranslation();
  const { busy, whileBusy } = useBusy();
  const download = () =>
    whileBusy(
      () => datasetsApi.downloadManifest(record.id, String(record.version)),
      () => notifier.error(t('errors:generic'), t('curation:version.manifestFailed')),
    );
  return (
    <Button icon={<FileTextOutlined />} loading={busy} onClick={() => void download()} data-testid="version-manifest">
      {t('curation:version.manifest')}
    </Button>
  );
}
