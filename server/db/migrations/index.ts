import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as seedMark from './0002-seed-mark';
import * as jobs from './0003-jobs';
import * as serverSecrets from './0004-server-secrets';
import * as declaredAccounts from './0005-declared-accounts';
import * as lake from './0006-lake';
import * as runs from './0007-runs';
import * as logLinesUnchecked from './0008-log-lines-unchecked';
import * as labelsTable from './0009-labels-table';
import * as robots from './0010-robots';
import * as robotOnlineSince from './0011-robot-online-since';
import * as instanceMetrics from './0012-instance-metrics';
import * as metricBuckets from './0013-metric-buckets';
import * as structuredDataFiles from './0014-structured-data-files';
import * as runFiles from './0016-run-files';
import * as evaluationResults from './0017-evaluation-results';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-seed-mark': seedMark,
  '0003-jobs': jobs,
  '0004-server-secrets': serverSecrets,
  '0005-declared-accounts': declaredAccounts,
  '0006-lake': lake,
  '0007-runs': runs,
  '0008-log-lines-unchecked': logLinesUnchecked,
  '0009-labels-table': labelsTable,
  '0010-robots': robots,
  '0011-robot-online-since': robotOnlineSince,
  '0012-instance-metrics': instanceMetrics,
  '0013-metric-buckets': metricBuckets,
  '0014-structured-data-files': structuredDataFiles,
  '0016-run-files': runFiles,
  '0017-evaluation-results': evaluationResults,
};
