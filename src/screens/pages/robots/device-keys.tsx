import { useList } from '@refinedev/core';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityListEntry } from '../../../../model/resources/index';
import { entityInfo } from '../../../../model/schemas/engine/info';
import { entityCatalogues } from '../../../providers/entity-info';
import { equalTo } from '../../../providers/list-params';
import { useAllowed } from '../../hooks/use-allowed';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { DeviceKeyKind, NewKey } from './device-key-kind';
import { KeySecretModal } from './key-secret-modal';
import { NewKeyModal } from './new-key-modal';
import { useKeyColumns, type KeyRow } from './use-key-columns';

/** A device holds a few keys: all of them on one page. */
const KEYS_PAGE_SIZE = 100;

/**
 * A device's report keys (a robot's, a compile server's): name, key id, status and last use, with the
 * key entity's own row buttons (disable and enable, delete, each asking where its declaration says so),
 * and a new key made by name, whose secret is shown once. The key list is Refine's list of the key
 * entity, so every list of these keys on the page is read again after a change.
 */
export function DeviceKeys({ kind, deviceId }: { kind: DeviceKeyKind; deviceId: number }) {
  const name = kind.entity.name;
  useCatalogues([...entityCatalogues(name), kind.namespace]);
  const { t } = useTranslation();
  const list = entityListEntry(name)!;
  const entity = useMemo(() => entityInfo(kind.entity), [kind.entity]);
  const columns = useKeyColumns(kind, entity, list);
  const { result, query } = useList<KeyRow>({ resource: list.fullPath, filters: equalTo(kind.field, deviceId), pagination: { pageSize: KEYS_PAGE_SIZE } });
  const canCreate = useAllowed(list.fullPath, 'create');
  const [naming, setNaming] = useState(false);
  const [created, setCreated] = useState<NewKey>();
  return (
    <section data-testid="device-keys">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`${kind.namespace}:page.keys`)}
        </Typography.Title>
        {canCreate && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setNaming(true)} data-testid="new-device-key">
            {t(`${kind.namespace}:page.newKey`)}
          </Button>
        )}
      </Flex>
      <Table<KeyRow> rowKey="id" size="small" pagination={false} loading={query.isFetching} dataSource={result.data} columns={columns} />
      {naming && (
        <NewKeyModal
          kind={kind}
          deviceId={deviceId}
          onClose={() => setNaming(false)}
          onCreated={(key) => {
            setNaming(false);
            setCreated(key);
          }}
        />
      )}
      {created && <KeySecretModal kind={kind} created={created} onClose={() => setCreated(undefined)} />}
    </section>
  );
}
