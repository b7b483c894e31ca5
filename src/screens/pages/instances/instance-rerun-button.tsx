import { RedoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmOnClick } from '../../components/schema/actions/confirm-on-click';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import { notifier } from '../../../providers/notifier';
import { logApi } from './log-api';
import { instanceDetailPath } from './paths';

/** The instance page's "Rerun": asks first, runs the task again as a new instance and opens that one. */
export default function InstanceRerunButton({ record }: { record: { id: number } }) {
  useCatalogues(['instanceLog']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy, whileBusy } = useBusy();
  const rerun = () =>
    whileBusy(async () => {
      const { id } = await logApi.rerun(record.id);
      notifier.success(t('instanceLog:rerun.started', { id }));
      await navigate(instanceDetailPath(id));
    });
  return (
    <ConfirmOnClick title={t('instanceLog:rerun.confirm')} onConfirm={() => void rerun()} okText={t('common:ok')} cancelText={t('common:cancel')}>
      <Button icon={<RedoOutlined />} loading={busy} data-testid="instance-rerun">
        {t('instanceLog:rerun.button')}
      </Button>
    </ConfirmOnClick>
  );
}
