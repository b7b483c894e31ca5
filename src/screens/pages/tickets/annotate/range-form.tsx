import { SaveOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography, type RefSelectProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { label as labelEntity } from '../../../../../model/schemas/label';
import type { Label } from '../tickets-api';
import { draftProblem, type RangeDraft } from './range-draft';
import { toMilliseconds } from './timeline-math';

interface RangeFormProps {
  draft: RangeDraft;
  duration: number;
  labels: readonly Label[];
  busy: boolean;
  onChange: (changes: Partial<RangeDraft>) => void;
  onSave: () => void;
  onCancel: () => void;
}

const seconds = (value: number | null) => (value === null ? null : toMilliseconds(value));

/**
 * The range being marked (dragged on the timeline, or typed here) with its label, sub label and
 * description; or an annotation being changed. Saved once it holds: the end after the start, both
 * within the recording, a label chosen.
 */
export function RangeForm({ draft, duration, labels, busy, onChange, onSave, onCancel }: RangeFormProps) {
  const { t } = useTranslation();
  const labelSelect = useRef<RefSelectProps>(null);
  const problem = draftProblem(draft, duration);
  const touched = draft.start !== null || draft.end !== null;
  // The range's problems are told at the range, the label's at the label.
  const rangeProblem = touched && problem && problem.key !== 'annotate:range.pickLabel' ? t(problem.key, problem.values) : undefined;
  const labelProblem = touched && problem?.key === 'annotate:range.pickLabel' ? t(problem.key) : undefined;
  const groups = (labelEntity.fields.labelType.options ?? []).flatMap((type) => {
    const options = labels.filter((each) => each.labelType === type.value).map((each) => ({ value: each.id, label: each.name }));
    return options.length ? [{ label: t(type.label), options }] : [];
  });
  return (
    <section data-testid="range-form">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{draft.editing ? t('annotate:range.editing') : t('annotate:range.title')}</Typography.Text>
        {!touched && <Typography.Text type="secondary">{t('annotate:range.hint')}</Typography.Text>}
      </Space>
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col flex="150px">
            <Form.Item label={t('annotation:fields.startOffset')} validateStatus={rangeProblem ? 'error' : undefined} help={rangeProblem}>
              <InputNumber
                data-testid="range-start"
                style={{ width: '100%' }}
                min={0}
                max={duration}
                step={0.1}
                precision={3}
                value={draft.start}
                onChange={(value) => onChange({ start: seconds(value) })}
              />
            </Form.Item>
          </Col>
          <Col flex="150px">
            <Form.Item label={t('annotation:fields.endOffset')} validateStatus={rangeProblem ? 'error' : undefined}>
              <InputNumber
                data-testid="range-end"
                style={{ width: '100%' }}
                min={0}
                max={duration}
                step={0.1}
                precision={3}
                value={draft.end}
                onChange={(value) => onChange({ end: seconds(value) })}
              />
            </Form.Item>
          </Col>
          <Col flex="220px">
            <Form.Item label={t('annotation:fields.labelId')} required validateStatus={labelProblem ? 'error' : undefined} help={labelProblem}>
              <Select
                data-testid="range-label"
                showSearch
                optionFilterProp="label"
                options={groups}
                ref={labelSelect}
                value={draft.labelId ?? undefined}
                onChange={(value: number) => {
                  onChange({ labelId: value });
                  // Chosen, the label gives the keys back to the page: Enter saves rather than reopening the list.
                  labelSelect.current?.blur();
                }}
                placeholder={t('annotate:range.pickLabel')}
              />
            </Form.Item>
          </Col>
          <Col flex="180px">
            <Form.Item label={t('annotation:fields.subLabel')}>
              <Input data-testid="range-sub-label" maxLength={64} value={draft.subLabel} onChange={(event) => onChange({ subLabel: event.target.value })} />
            </Form.Item>
          </Col>
          <Col flex="auto">
            <Form.Item label={t('annotation:fields.description')}>
              <Input.TextArea
                data-testid="range-description"
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={500}
                value={draft.description}
                onChange={(event) => onChange({ description: event.target.value })}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Space>
        <Button type="primary" icon={<SaveOutlined />} disabled={problem !== null} loading={busy} onClick={onSave} data-testid="range-save">
          {draft.editing ? t('annotate:range.update') : t('annotate:range.save')}
        </Button>
        {(touched || draft.editing) && (
          <Button onClick={onCancel} data-testid="range-cancel">
            {t('common:cancel')}
          </Button>
        )}
      </Space>
    </section>
  );
}
