import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { ApiException, BatchV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { V1ConfigMap, V1Job, V1Pod } from '@kubernetes/client-node';

/** The calls the runner makes, in one namespace (the Role in the README grants exactly these). */
export interface KubeApi {
  createConfigMap(configMap: V1ConfigMap): Promise<void>;
  patchConfigMap(name: string, jsonPatch: object[]): Promise<void>;
  /** Resolves false when it was not there. */
  deleteConfigMap(name: string): Promise<boolean>;
  createJob(job: V1Job): Promise<V1Job>;
  /** null when there is no such Job. */
  readJob(name: string): Promise<V1Job | null>;
  /** Foreground propagation: the Job goes once its pods are gone. Resolves false when it was not there. */
  deleteJob(name: string): Promise<boolean>;
  jobPods(jobName: string): Promise<V1Pod[]>;
  /** The container's log as it is written (follow, with timestamps), from `sinceTime` (RFC3339) when given. */
  openLog(podName: string, container: string, sinceTime: string | null, signal: AbortSignal): Promise<IncomingMessage>;
}

/** The HTTP status of a refused call (the Status object's code), or undefined for trouble on the way. */
export const statusCode = (error: unknown): number | undefined => (error instanceof ApiException ? error.code : undefined);

/** What the API server said (its Status message) rather than the client's generic text. */
export function apiMessage(error: unknown): string {
  if (!(error instanceof ApiException)) return error instanceof Error ? error.message : String(error);
  const body: unknown = typeof error.body === 'string' ? safeJson(error.body) : error.body;
  const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : undefined;
  return `HTTP ${error.code}: ${message ?? 'no message'}`;
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const unlessMissing = async (call: () => Promise<unknown>): Promise<boolean> => {
  try {
    await call();
    return true;
  } catch (error) {
    if (statusCode(error) === 404) return false;
    throw error;
  }
};

export function kubeApi(kubeConfig: KubeConfig, namespace: string): KubeApi {
  const batch = kubeConfig.makeApiClient(BatchV1Api);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return {
    createConfigMap: async (body) => void (await core.createNamespacedConfigMap({ namespace, body })),
    // The client sends a patch as application/json-patch+json.
    patchConfigMap: async (name, body) => void (await core.patchNamespacedConfigMap({ name, namespace, body })),
    deleteConfigMap: (name) => unlessMissing(() => core.deleteNamespacedConfigMap({ name, namespace })),
    createJob: (body) => batch.createNamespacedJob({ namespace, body }),
    readJob: async (name) => {
      try {
        return await batch.readNamespacedJob({ name, namespace });
      } catch (error) {
        if (statusCode(error) === 404) return null;
        throw error;
      }
    },
    deleteJob: (name) => unlessMissing(() => batch.deleteNamespacedJob({ name, namespace, propagationPolicy: 'Foreground' })),
    jobPods: async (jobName) => (await core.listNamespacedPod({ namespace, labelSelector: `job-name=${jobName}` })).items,
    openLog: (podName, container, sinceTime, signal) => openLog(kubeConfig, namespace, podName, container, sinceTime, signal),
  };
}

/**
 * A raw request (the KubeConfig's server, certificates and token) rather than the client's Log class:
 * reading the response as a stream gives backpressure and sees a connection that breaks.
 */
async function openLog(kubeConfig: KubeConfig, namespace: string, pod: string, container: string, sinceTime: string | null, signal: AbortSignal) {
  const server = kubeConfig.getCurrentCluster()?.server;
  if (!server) throw new Error('No current Kubernetes cluster');
  const url = new URL(`${server.replace(/\/$/, '')}/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/log`);
  url.searchParams.set('container', container);
  url.searchParams.set('follow', 'true');
  url.searchParams.set('timestamps', 'true');
  if (sinceTime) url.searchParams.set('sinceTime', sinceTime);
  const options: https.RequestOptions = { method: 'GET', signal };
  await kubeConfig.applyToHTTPSOptions(options);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    (url.protocol === 'https:' ? https : http).request(url, options, resolve).on('error', reject).end();
  });
  if (response.statusCode === 200) return response;
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  throw new ApiException(response.statusCode ?? 0, 'Pod log refused', text, {});
}
