import { EditOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Select, Space, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagePanel } from '../../components/page/page-panel';
import { useSession } from '../../hooks/use-session';
import { readJson, writeJson } from '../../../providers/storage-keys';
import type { RouteEntry } from '../../../../model/resources/types';
import { linkChoices, quickLinks, quickLinksKey } from './quick-links';

/** The signed-in user's quick links: pages they pin, kept per space and account on this browser. */
export function QuickLinksPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { userInfo, permissions } = useSession();
  const key = quickLinksKey(userInfo?.tenant.code ?? '', userInfo?.code ?? '');
  const [links, setLinks] = useState(() => quickLinks(readJson<unknown>(key, null), permissions));
  const [draft, setDraft] = useState<string[] | null>(null);
  const choices = linkChoices(permissions);
  const byPath = new Map(choices.map((entry) => [entry.fullPath, entry]));
  const where = (entry: RouteEntry) => (entry.parent ? t(entry.parent.label) : '');
  const save = () => {
    writeJson(key, draft);
    setLinks(draft ?? []);
    setDraft(null);
  };

  return (
    <PagePanel
      title={t('home:quickLinks')}
      extra={
        <Button icon={<EditOutlined />} onClick={() => setDraft(links)} data-testid="edit-quick-links">
          {t('home:editLinks')}
        </Button>
      }
    >
      {links.length ? (
        <div className="edp-quick-links" data-testid="quick-links">
          {links.map((path) => (
            <Link key={path} to={path} className="edp-quick-link" style={{ borderColor: token.colorBorderSecondary, borderRadius: token.borderRadiusLG }}>
              <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{where(byPath.get(path)!)}</span>
              <span style={{ color: token.colorText, fontWeight: 500 }}>{t(byPath.get(path)!.label)}</span>
            </Link>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home:noLinks')} />
      )}
      <Modal
        open={draft !== null}
        title={t('home:editLinks')}
        onOk={save}
        onCancel={() => setDraft(null)}
        okText={t('common:save')}
        cancelText={t('common:cancel')}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <span style={{ color: token.colorTextSecondary }}>{t('home:editHint')}</span>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            aria-label={t('home:quickLinks')}
            value={draft ?? []}
            onChange={setDraft}
            optionFilterProp="label"
            options={choices.map((entry) => ({ value: entry.fullPath, label: `${where(entry)} / ${t(entry.label)}` }))}
            data-testid="quick-links-select"
          />
          <Button type="link" style={{ padding: 0 }} onClick={() => setDraft(quickLinks(null, permissions))}>
            {t('home:resetLinks')}
          </Button>
        </Space>
      </Modal>
    </PagePanel>
  );
}
