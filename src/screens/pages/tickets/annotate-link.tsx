import { HighlightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entryByPath } from '../../../../model/resources/index';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';

/** The annotating page of a ticket (spec §2 data/lake/rawDetail/{ticketId}), from the ticket's page. */
export default function AnnotateLink({ record }: RecordProps) {
  useCatalogues(['ticket']);
  const { t } = useTranslation();
  const page = entryByPath.get('/data/lake/rawDetail/:ticketId');
  if (!page) return null;
  return (
    <Link to={`/data/lake/rawDetail/${record.id}`} data-testid="annotate-link">
      <Button icon={<HighlightOutlined />}>{t('ticket:actions.annotate')}</Button>
    </Link>
  );
}
