import { Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../providers/http';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';

type MemberWork = { member: string; open: number; inReview: number; rejected: number; accepted: number };

/** A team page's members and their work on the team's tickets, so a manager sees who is free and who is behind. */
export default function TeamWork({ record }: RecordProps) {
  useCatalogues(['ticket', 'ticketJob']);
  const { t } = useTranslation();
  const [rows, setRows] = useState<MemberWork[] | null>(null);
  useEffect(() => void api.get<MemberWork[]>(`/data/ticket-team/${record.id}/work`).then(setRows), [record.id]);
  return (
    <section data-testid="team-work">
      <Typography.Title level={5}>{t('ticket:work.teamWork')}</Typography.Title>
      <Table<MemberWork>
        rowKey="member"
        size="small"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        columns={[
          { key: 'member', dataIndex: 'member', title: t('ticket:stats.member') },
          { key: 'open', dataIndex: 'open', title: t('ticket:work.open') },
          { key: 'inReview', dataIndex: 'inReview', title: t('ticketJob:state.submitted') },
          { key: 'rejected', dataIndex: 'rejected', title: t('ticketJob:state.rejected') },
          { key: 'accepted', dataIndex: 'accepted', title: t('ticketJob:stage.accepted') },
        ]}
      />
    </section>
  );
}
