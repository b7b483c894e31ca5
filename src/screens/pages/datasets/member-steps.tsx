import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../providers/http';
import { useCatalogues } from '../../hooks/use-catalogues';
import { memberOf, memberPath } from './member-paths';

interface Steps {
  previous: number | null;
  next: number | null;
  position: number | null;
  total: number;
}

/** On a member page (a bag seen in its dataset): the dataset's name, the member's place, and previous / next. Elsewhere nothing. */
export default function MemberSteps() {
  useCatalogues(['curation']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = memberOf(useLocation().pathname);
  const [steps, setSteps] = useState<Steps | null>(null);
  // Asked again only when the member shown changes (the path's dataset or bag).
  useEffect(() => {
    if (!member) return;
    let current = true;
    void api.get<Steps>('/data/lake/dataset/member-steps', { name: member.name, bagId: member.bagId }).then((answer) => current && setSteps(answer));
    return () => void (current = false);
  }, [member?.name, member?.bagId]);
  if (!member || !steps) return null;
  const go = (bagId: number | null) => bagId && void navigate(memberPath(member.datasetType, member.name, bagId)!);
  return (
    <Space data-testid="member-steps">
      <Typography.Text type="secondary">
        {steps.position
          ? t('curation:member.position', { name: member.name, position: steps.position, total: steps.total })
          : t('curation:member.of', { name: member.name, total: steps.total })}
      </Typography.Text>
      <Button icon={<LeftOutlined />} disabled={!steps.previous} onClick={() => go(steps.previous)} data-testid="member-previous">
        {t('curation:member.previous')}
      </Button>
      <Button icon={<RightOutlined />} disabled={!steps.next} onClick={() => go(steps.next)} data-testid="member-next">
        {t('curation:member.next')}
      </Button>
    </Space>
  );
}
