import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogues } from '../../hooks/use-catalogues';
import { instanceLogPath } from './paths';

/** The instance page's way to its whole log. */
export default function InstanceLogLink({ record }: { record: { id: number } }) {
  useCatalogues(['instanceLog']);
  const { t } = useTranslation();
  return (
    <Link to={instanceLogPath(record.id)} data-testid="instance-log-link">
      <Button icon={<FileTextOutlined />}>{t('instanceLog:viewLog')}</Button>
    </Link>
  );
}
