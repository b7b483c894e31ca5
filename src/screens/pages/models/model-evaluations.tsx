import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import type { ModelEvaluation } from '../../../../model/schemas/model-overview';
import { formatDateTime } from '../../components/schema/cells/format';
import { percent, rateWithInterval } from '../evaluation/overview-format';

const evaluationPath = (id: number) => recordPath(entityListEntry('evaluation-record')!, 'show', id) ?? '#';

/**
 * A model's newest evaluation on each structured dataset, as the evaluation overview writes its figures:
 * the success rate with its 95% interval, marked when too wide to rank on, the trials and mean progress;
 * each opens its evaluation record. The version evaluated is named where it is not the model's newest.
 */
export function ModelEvaluations({ evaluations, newestVersion }: { evaluations: ModelEvaluation[]; newestVersion: number | null }) {
  const { t } = useTranslation();
  if (!evaluations.length) return <Typography.Text type="secondary">{t('modelCard:overview.notEvaluated')}</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {evaluations.map((evaluation) => (
        <Space key={evaluation.evaluationRecordId} size={8} wrap data-testid="overview-evaluation">
          <Link to={evaluationPath(evaluation.evaluationRecordId)} title={evaluation.name}>
            {evaluation.structuredDatasetName}
          </Link>
          <span data-testid="overview-evaluation-rate">{evaluation.interval ? rateWithInterval(evaluation.interval) : '—'}</span>
          {evaluation.interval?.tooFew && <Tag color="warning">{t('evaluationRecord:overview.tooFew')}</Tag>}
          <Typography.Text type="secondary">
            {t('evaluationRecord:overview.trials')} {evaluation.trials} · {t('evaluationRecord:overview.progress')}{' '}
            {evaluation.meanProgress === null ? '—' : percent(evaluation.meanProgress)} · {formatDateTime(evaluation.time)}
          </Typography.Text>
          {evaluation.modelVersion !== newestVersion && evaluation.modelVersion !== null && (
            <Tag>{t('modelCard:overview.evaluatedVersion', { version: evaluation.modelVersion })}</Tag>
          )}
        </Space>
      ))}
    </Space>
  );
}
