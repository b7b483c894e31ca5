import { accessKey } from './access-key';
import { account } from './account';
import { alarmNotice } from './alarm-notice';
import { alarmRecord } from './alarm-record';
import { alarmRule } from './alarm-rule';
import { annotation } from './annotation';
import { artifact } from './artifact';
import { artifactModel } from './artifact-model';
import { bag } from './bag';
import { collectionElement } from './collection-element';
import { collectionPlan } from './collection-plan';
import { compileServer } from './compile-server';
import { compileServerKey } from './compile-server-key';
import { ctRecord } from './ct-record';
import { dataset } from './dataset';
import { datasetItem } from './dataset-item';
import { datasetVersion } from './dataset-version';
import type { AnyEntity } from './engine/types';
import { evaluationRecord } from './evaluation-record';
import { feedback } from './feedback';
import { fileUpload } from './file-upload';
import { instance } from './instance';
import { label } from './label';
import { modelCard } from './model-card';
import { modelCardDataset } from './model-card-dataset';
import { modelExport } from './model-export';
import { otaPackage } from './ota-package';
import { processingRecord } from './processing-record';
import { robot } from './robot';
import { robotConfig } from './robot-config';
import { robotKey } from './robot-key';
import { structuredData } from './structured-data';
import { structuredDataset } from './structured-dataset';
import { structuredDatasetVersion } from './structured-dataset-version';
import { structuredVersionMember } from './structured-version-member';
import { integrationRecord } from './integration-record';
import { subPlan } from './sub-plan';
import { task } from './task';
import { taskImage } from './task-image';
import { ticket } from './ticket';
import { ticketItem } from './ticket-item';
import { ticketJob } from './ticket-job';
import { ticketJobEvent } from './ticket-job-event';
import { ticketTeam } from './ticket-team';
import { templateTask } from './template-task';
import { trainingData } from './training-data';
import { trainingMapping } from './training-mapping';
import { trainingRecord } from './training-record';
import { trainingRecordDataset } from './training-record-dataset';
import { tenant } from './tenant';
import { versionMember } from './version-member';

/** The entities of the domain: each write to one of their records is audited (model/schemas/audit-event.ts). */
export const auditedEntities: AnyEntity[] = [
  tenant,
  account,
  bag,
  label,
  taskImage,
  templateTask,
  otaPackage,
  feedback,
  compileServer,
  compileServerKey,
  robot,
  robotConfig,
  robotKey,
  alarmRule,
  alarmRecord,
  alarmNotice,
  structuredDataset,
  structuredData,
  structuredDatasetVersion,
  structuredVersionMember,
  evaluationRecord,
  dataset,
  datasetVersion,
  versionMember,
  datasetItem,
  trainingMapping,
  trainingData,
  processingRecord,
  trainingRecord,
  modelCard,
  modelCardDataset,
  trainingRecordDataset,
  modelExport,
  artifact,
  artifactModel,
  ctRecord,
  collectionElement,
  collectionPlan,
  subPlan,
  integrationRecord,
  ticketTeam,
  ticket,
  ticketJob,
  ticketItem,
  annotation,
  ticketJobEvent,
  task,
  instance,
  accessKey,
  fileUpload,
];
