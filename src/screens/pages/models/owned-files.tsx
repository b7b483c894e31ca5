import { FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../components/schema/cells/format';
import { clickDownload } from '../../components/schema/shared/save-file';
import { useCatalogues } from '../../hooks/use-catalogues';
import { ownedFilesApi, type OwnedFile } from './models-api';

/** The files a record's run produced (a card's model, an export's artifact), with the size and SHA-256 the server took on storing them; each downloads through a signed link. */
export function OwnedFiles({ api, id }: { api: string; id: number }) {
  useCatalogues(['modelCard']);
  const { t } = useTranslation();
  const files = useQuery({ queryKey: ['owned-files', api, id], queryFn: () => ownedFilesApi.files(api, id) });
  const download = (file: OwnedFile) => void ownedFilesApi.link(api, id, file.name).then((link) => clickDownload(link.url, file.name));
  return (
    <Card size="small" title={t('modelCard:files._')} data-testid="owned-files">
      <Table<OwnedFile>
        size="small"
        rowKey="name"
        pagination={false}
        loading={files.isLoading}
        dataSource={files.data ?? []}
        locale={{ emptyText: t('modelCard:files.none') }}
        columns={[
          {
            title: t('modelCard:files.name'),
            dataIndex: 'name',
            render: (_, file) => (
              <Button type="link" icon={<FileOutlined />} onClick={() => download(file)}>
                {file.name}
              </Button>
            ),
          },
          { title: t('modelCard:files.size'), dataIndex: 'size', width: 120, render: (size: number) => formatBytes(size) },
          {
            title: 'SHA-256',
            dataIndex: 'sha256',
            render: (hash: string) => (
              <Typography.Text code copyable={{ text: hash }}>
                {hash.slice(0, 16)}…
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
