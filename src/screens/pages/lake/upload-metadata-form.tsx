import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountDirectory } from '../../hooks/use-account-directory';
import type { EntityInfo } from '../../../../model/schemas/engine/info';
import { useSpaceRecords, type SpaceRecord } from './use-space-records';

/** What the form holds: the bag metadata an uploader gives (src/schemas/upload.ts BAG_METADATA). */
export type MetadataValues = Record<string, string | undefined>;

const optionsOf = (records: SpaceRecord[], label: (record: SpaceRecord) => string, value = (record: SpaceRecord) => String(record.id)) =>
  records.map((record) => ({ value: value(record), label: label(record), record }));
const searchable = { showSearch: true, allowClear: true, optionFilterProp: 'label' } as const;

/**
 * The metadata every file of one upload goes with, picked from the space's own records where the
 * user may read them (robots, collection plans and their sub plans, accounts), typed otherwise.
 * A robot gives its serial number, type and region; a plan its project and task (the scene).
 */
export function UploadMetadataForm({ form, bag }: { form: FormInstance<MetadataValues>; bag: EntityInfo }) {
  const { t } = useTranslation();
  const robots = useSpaceRecords('robot');
  const plans = useSpaceRecords('collection-plan');
  const planId = Form.useWatch('dcPlanId', form);
  const subPlans = useSpaceRecords('sub-plan', { planId }, Boolean(planId));
  const { records: accounts } = useAccountDirectory();
  const label = (field: string) => t(bag.fields[field]!.label);
  const regions = (bag.fields.bagRegion?.options ?? []).map((option) => ({ value: option.value, label: t(option.label) }));
  const required = (field: string) => [{ required: true, message: t('validation:required', { label: label(field) }) }];

  const robotOptions =
    robots &&
    optionsOf(
      robots,
      (robot) => `${String(robot.sn)} · ${String(robot.name)}`,
      (robot) => String(robot.sn),
    );
  const onRobot = (sn?: string) => {
    const robot = robots?.find((candidate) => candidate.sn === sn);
    if (robot) form.setFieldsValue({ robotType: String(robot.robotType), bagRegion: form.getFieldValue('bagRegion') ?? String(robot.region) });
  };
  const onPlan = (id?: string) => {
    const plan = plans?.find((candidate) => String(candidate.id) === id);
    form.setFieldsValue({ dcSubPlanId: undefined, dcSubtaskName: undefined, sceneProjectName: plan?.project as string, sceneName: plan?.task as string });
  };
  const onSubPlan = (id?: string) => form.setFieldsValue({ dcSubtaskName: subPlans?.find((sub) => String(sub.id) === id)?.name as string });

  return (
    <Form form={form} layout="vertical" requiredMark>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="robotSn" label={label('robotSn')} rules={required('robotSn')}>
            {robotOptions ? <Select {...searchable} options={robotOptions} onChange={onRobot} /> : <Input maxLength={64} />}
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="robotType" label={label('robotType')} rules={required('robotType')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="bagRegion" label={label('bagRegion')} rules={required('bagRegion')}>
            <Select options={regions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dcPlanId" label={label('dcPlanId')}>
            {plans ? <Select {...searchable} options={optionsOf(plans, (plan) => String(plan.name))} onChange={onPlan} /> : <Input maxLength={64} />}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dcSubPlanId" label={label('dcSubPlanId')}>
            {subPlans ? (
              <Select {...searchable} disabled={!planId} options={optionsOf(subPlans, (sub) => String(sub.name))} onChange={onSubPlan} />
            ) : (
              <Input maxLength={64} />
            )}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sceneProjectName" label={label('sceneProjectName')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sceneName" label={label('sceneName')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="teleOperator" label={label('teleOperator')}>
            <Select {...searchable} options={accounts.map((account) => ({ value: account.code, label: `${account.name} (${account.code})` }))} />
          </Form.Item>
        </Col>
        <Form.Item name="dcSubtaskName" hidden>
          <Input />
        </Form.Item>
      </Row>
    </Form>
  );
}
