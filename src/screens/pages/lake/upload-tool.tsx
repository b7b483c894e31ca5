import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityRoute } from '../../components/schema/shared/use-entity-route';
import { useCatalogues } from '../../hooks/use-catalogues';
import { useAllowed } from '../../hooks/use-allowed';

// The drawer, the MD5 worker and hash-wasm load on the first click, not with the list.
const UploadDrawer = lazy(() => import('./upload-drawer'));

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['lake'];

/** The raw-data list's "Upload" button, for who may upload (the list's `upload` action); the drawer stays once opened, uploads going on when it is closed. */
export default function UploadTool() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { resource, entity } = useEntityRoute();
  const canUpload = useAllowed(resource, 'upload');
  const [opened, setOpened] = useState<boolean>();
  if (!canUpload) return null;
  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpened(true)}>
        {t('lake:upload.button')}
      </Button>
      {opened !== undefined && (
        <Suspense fallback={null}>
          <UploadDrawer open={opened} onClose={() => setOpened(false)} resource={resource} bag={entity} />
        </Suspense>
      )}
    </>
  );
}
