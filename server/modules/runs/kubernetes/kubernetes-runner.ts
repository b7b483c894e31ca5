import type { KubeConfig } from '@kubernetes/client-node';
import type { LogSink, RunHandle, Runner, RunSpec } from '../runner';
import { codeConfigMap, jobManifest, ownedByJob } from './job-manifest';
import { followJob } from './job-follower';
import { apiMessage, kubeApi, type KubeApi } from './kube-api';
import type { KubernetesSettings } from './kube-config';

/**
 * Runs each instance as a batch/v1 Job in one namespace. Its code and files travel in a ConfigMap
 * named after the Job, made first (so the pod never waits for its volume), then owned by the Job
 * once the Job exists (so the TTL or a foreground delete takes it along).
 */
export function kubernetesRunner(kubeConfig: KubeConfig, settings: KubernetesSettings): Runner {
  const api = kubeApi(kubeConfig, settings.namespace);
  return {
    kind: 'kubernetes',
    start: async (spec, sink) => {
      await createRun(api, spec, settings);
      return followJob(api, spec, sink, null, settings);
    },
    reattach: async (spec: RunSpec, sink: LogSink, since: Date | null): Promise<RunHandle | null> => {
      if (await api.readJob(spec.jobName)) return followJob(api, spec, sink, since, settings);
      // Gone: its ConfigMap too, unless a start broke off before it was owned.
      await api.deleteConfigMap(spec.jobName).catch(() => {});
      return null;
    },
    stop: async (spec) => {
      try {
        await api.deleteJob(spec.jobName);
        await api.deleteConfigMap(spec.jobName);
      } catch (error) {
        throw new Error(`Kubernetes did not delete Job ${spec.jobName}: ${apiMessage(error)}`);
      }
    },
  };
}

/** ConfigMap, Job, ownership; a step refused undoes the ones before it and rejects with the API server's reason. */
async function createRun(api: KubeApi, spec: RunSpec, settings: KubernetesSettings) {
  const configMap = codeConfigMap(spec, settings); // throws when too large
  const job = jobManifest(spec, settings);
  const refused = (what: string, error: unknown) => new Error(`Kubernetes refused the ${what} of instance ${spec.instanceId}: ${apiMessage(error)}`);
  try {
    await api.createConfigMap(configMap);
  } catch (error) {
    throw refused('ConfigMap', error);
  }
  let created;
  try {
    created = await api.createJob(job);
  } catch (error) {
    await api.deleteConfigMap(spec.jobName).catch(() => {});
    throw refused('Job', error);
  }
  try {
    await api.patchConfigMap(spec.jobName, ownedByJob(created));
  } catch (error) {
    await api.deleteJob(spec.jobName).catch(() => {});
    await api.deleteConfigMap(spec.jobName).catch(() => {});
    throw refused('ConfigMap owner', error);
  }
}
