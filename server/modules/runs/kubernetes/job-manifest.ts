import type { V1ConfigMap, V1Job, V1OwnerReference } from '@kubernetes/client-node';
import type { RunSpec } from '../runner';

/** The one container of a run's pod (the log is read from it by this name). */
export const CONTAINER = 'task';
/** Where the code and the spec's files appear (read-only, from the ConfigMap) and where the run works (an emptyDir). */
export const CODE_DIR = '/edp';
export const WORK_DIR = '/edp-work';
/** The API server refuses a ConfigMap whose keys and values together exceed 1 MiB. */
export const CONFIG_MAP_LIMIT = 1024 * 1024;

export interface ManifestSettings {
  namespace: string;
  ttlSeconds: number;
}

/** The labels that find a run's objects: its space and its instance (ours win over the spec's of the same name). */
export const runLabels = (spec: RunSpec): Record<string, string> => ({
  ...spec.labels,
  'edp.space': String(spec.tenantId),
  'edp.instance': String(spec.instanceId),
});

/** The ConfigMap holding the code and the spec's files, named after the Job. Throws when Kubernetes would refuse it. */
export function codeConfigMap(spec: RunSpec, settings: ManifestSettings): V1ConfigMap {
  const data: Record<string, string> = { ...spec.files, [spec.codeFileName]: spec.code };
  let bytes = 0;
  for (const [key, value] of Object.entries(data)) {
    if (!/^[-._a-zA-Z0-9]+$/.test(key) || key === '.' || key === '..')
      throw new Error(`File name "${key}" cannot be a ConfigMap key (letters, digits, '-', '_', '.')`);
    bytes += Buffer.byteLength(key) + Buffer.byteLength(value);
  }
  if (bytes > CONFIG_MAP_LIMIT) {
    throw new Error(
      `The code and files of instance ${spec.instanceId} take ${bytes} bytes: more than a Kubernetes ConfigMap holds (${CONFIG_MAP_LIMIT} bytes)`,
    );
  }
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: spec.jobName, namespace: settings.namespace, labels: runLabels(spec) },
    data,
  };
}

/** The batch/v1 Job running one instance: one pod, never restarted nor retried, killed at the timeout, removed a while after it ends. */
export function jobManifest(spec: RunSpec, settings: ManifestSettings): V1Job {
  const labels = runLabels(spec);
  const memory = String(spec.memoryBytes);
  const limits: Record<string, string> = { memory, ...(spec.gpuCards > 0 ? { 'nvidia.com/gpu': String(spec.gpuCards) } : {}) };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: spec.jobName, namespace: settings.namespace, labels },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: spec.timeoutSeconds,
      ttlSecondsAfterFinished: settings.ttlSeconds,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          // The task's code has no business with the cluster's API.
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          containers: [
            {
              name: CONTAINER,
              image: spec.image,
              command: [...spec.command, `${CODE_DIR}/${spec.codeFileName}`],
              workingDir: WORK_DIR,
              env: Object.entries(spec.env).map(([name, value]) => ({ name, value })),
              resources: { limits, requests: { memory } },
              volumeMounts: [
                { name: 'code', mountPath: CODE_DIR, readOnly: true },
                { name: 'work', mountPath: WORK_DIR },
              ],
            },
          ],
          volumes: [
            { name: 'code', configMap: { name: spec.jobName } },
            { name: 'work', emptyDir: {} },
          ],
        },
      },
    },
  };
}

/**
 * The JSON patch making the Job the ConfigMap's owner, so the garbage collector removes it with the
 * Job (TTL or delete). No blockOwnerDeletion: setting it needs more rights, and the ConfigMap may go after the Job.
 */
export function ownedByJob(job: V1Job): { op: 'add'; path: '/metadata/ownerReferences'; value: V1OwnerReference[] }[] {
  const { name, uid } = job.metadata ?? {};
  if (!name || !uid) throw new Error('The created Job has no name or uid');
  return [{ op: 'add', path: '/metadata/ownerReferences', value: [{ apiVersion: 'batch/v1', kind: 'Job', name, uid }] }];
}
