import { BarChartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverviewRow } from '../../../../model/schemas/evaluation-results';
import { useCatalogues } from '../../hooks/use-catalogues';
import { evaluationApi, type Pairwise } from './evaluation-api';
import { differenceText, percent, rateWithInterval, robotText } from './overview-format';
import { OverviewItems } from './overview-items';

const keyOf = (row: OverviewRow) => `${row.evaluationRecordId}|${row.robotSn}|${row.leftArmSn}|${row.rightArmSn}`;
const modelOf = (row: OverviewRow) => `${row.modelName}${row.modelVersion ? ` v${row.modelVersion}` : ''}`;

/**
 * How the space's models do on its structured datasets, per robot with its arms: success rate with
 * its 95% interval (marked when too wide to rank on), mean progress, failure modes, and the difference
 * from a baseline the person pins. Each row opens its items; two evaluations of one dataset, picked
 * from the rows, are compared item by item.
 */
export default function EvaluationOverview() {
  useCatalogues(['evaluationRecord']);
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [datasetId, setDatasetId] = useState<number>();
  const [baselineId, setBaselineId] = useState<number>();
  const [picked, setPicked] = useState<OverviewRow[]>([]);
  const [compared, setCompared] = useState<Pairwise | null>(null);
  const overview = useQuery({
    queryKey: ['evaluation-overview', datasetId, baselineId],
    queryFn: () => evaluationApi.overview({ structuredDatasetId: datasetId, baselineModelCardId: baselineId }),
    enabled: open,
  });
  const rows = overview.data ?? [];
  const options = (pairs: [number, string][]) => [...new Map(pairs)].map(([value, label]) => ({ value, label }));
  const compare = async () => setCompared(await evaluationApi.compare(picked[0]!.evaluationRecordId, picked[1]!.evaluationRecordId));
  const sameDataset = picked.length === 2 && picked[0]!.structuredDatasetId === picked[1]!.structuredDatasetId;
  return (
    <>
      <Button icon={<BarChartOutlined />} onClick={() => setOpen(true)} data-testid="evaluation-overview-button">
        {t('evaluationRecord:overview._')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} width="90%" title={t('evaluationRecord:overview._')} destroyOnHidden>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            style={{ width: 240 }}
            placeholder={t('evaluationRecord:fields.structuredDatasetId')}
            options={options(rows.map((row) => [row.structuredDatasetId, row.structuredDatasetName]))}
            value={datasetId}
            onChange={setDatasetId}
            data-testid="overview-dataset"
          />
          <Select
            allowClear
            style={{ width: 240 }}
            placeholder={t('evaluationRecord:overview.baseline')}
            options={options(rows.map((row) => [row.modelCardId, modelOf(row)]))}
            value={baselineId}
            onChange={setBaselineId}
            data-testid="overview-baseline"
          />
          <Button disabled={!sameDataset} onClick={() => void compare()} data-testid="overview-compare">
            {t('evaluationRecord:compare._')}
          </Button>
        </Space>
        {compared && picked.length === 2 && (
          <Alert
            style={{ marginBottom: 12 }}
            data-testid="overview-verdict"
            type={compared.verdict ? 'success' : 'info'}
            message={
              compared.verdict
                ? t('evaluationRecord:compare.better', { model: modelOf(compared.verdict === 'first' ? picked[0]! : picked[1]!) })
                : t('evaluationRecord:compare.undecided')
            }
            description={t('evaluationRecord:compare.counts', { ...compared, interval: differenceText(compared) })}
          />
        )}
        <Table<OverviewRow>
          size="small"
          rowKey={keyOf}
          loading={overview.isLoading}
          dataSource={rows}
          pagination={false}
          data-testid="overview-table"
          rowSelection={{
            selectedRowKeys: picked.map(keyOf),
            onChange: (_, selected) => {
              setPicked(selected.slice(-2));
              setCompared(null);
            },
          }}
          expandable={{ expandedRowRender: (row) => <OverviewItems row={row} /> }}
          columns={[
            { title: t('evaluationRecord:fields.modelCardId'), render: (_, row) => modelOf(row) },
            { title: t('evaluationRecord:fields.structuredDatasetId'), dataIndex: 'structuredDatasetName' },
            { title: t('evaluationRecord:overview.robot'), render: (_, row) => robotText(row) },
            { title: t('evaluationRecord:overview.trials'), dataIndex: 'trials', align: 'right' },
            {
              title: t('evaluationRecord:fields.successRate'),
              render: (_, row) => (
                <Space size={4}>
                  <span data-testid="overview-rate">{rateWithInterval(row)}</span>
                  {row.tooFew && <Tag color="warning">{t('evaluationRecord:overview.tooFew')}</Tag>}
                </Space>
              ),
            },
            { title: t('evaluationRecord:overview.progress'), render: (_, row) => percent(row.meanProgress) },
            {
              title: t('evaluationRecord:overview.failureModes'),
              render: (_, row) => Object.entries(row.failureModes).map(([mode, count]) => <Tag key={mode}>{`${mode} × ${count}`}</Tag>),
            },
            {
              title: t('evaluationRecord:overview.vsBaseline'),
              render: (_, row) =>
                row.baseline ? (
                  <Tooltip title={t(row.baseline.decided ? 'evaluationRecord:overview.decided' : 'evaluationRecord:overview.undecided')}>
                    <Typography.Text
                      type={row.baseline.decided ? (row.baseline.difference > 0 ? 'success' : 'danger') : 'secondary'}
                      data-testid="overview-baseline-difference"
                    >
                      {differenceText(row.baseline)}
                    </Typography.Text>
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Drawer>
    </>
  );
}
