import { KubeConfig } from '@kubernetes/client-node';
import type { Runner } from '../runner';
import { kubernetesRunner } from './kubernetes-runner';
import { positiveInteger as positive } from '../../../env-integer';

/** How Kubernetes runs are made and followed, from the environment (README "Running tasks on Kubernetes"). */
export interface KubernetesSettings {
  /** EDP_K8S_NAMESPACE: where the Jobs and their ConfigMaps are made. */
  namespace: string;
  /** EDP_K8S_TTL_SECONDS: how long a finished Job (and its pod, its log) stays before Kubernetes removes it. */
  ttlSeconds: number;
  /** EDP_K8S_POLL_MS: how often a followed Job and its pod are read. */
  pollMs: number;
  /** EDP_K8S_START_GRACE_MS: how long an image pull or container setup may fail before the run fails as 'start'. */
  startGraceMs: number;
  /** After the final status is known, how long the log stream may stay silent before it is closed (a stuck connection). */
  logDrainIdleMs: number;
}

export function readKubernetesSettings(env: NodeJS.ProcessEnv = process.env): KubernetesSettings {
  return {
    namespace: env.EDP_K8S_NAMESPACE || 'default',
    ttlSeconds: positive('EDP_K8S_TTL_SECONDS', env.EDP_K8S_TTL_SECONDS, 3600),
    pollMs: positive('EDP_K8S_POLL_MS', env.EDP_K8S_POLL_MS, 2000),
    startGraceMs: positive('EDP_K8S_START_GRACE_MS', env.EDP_K8S_START_GRACE_MS, 60_000),
    logDrainIdleMs: 30_000,
  };
}

/**
 * The cluster to talk to: the file(s) in KUBECONFIG, else ~/.kube/config, else the pod's service
 * account when the server runs in the cluster (else the client's fallback, http://localhost:8080).
 */
export function loadKubeConfig(): KubeConfig {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromDefault();
  return kubeConfig;
}

/** The Kubernetes runner as configured by the environment. */
export function kubernetesRunnerFromEnv(env: NodeJS.ProcessEnv = process.env): Runner {
  return kubernetesRunner(loadKubeConfig(), readKubernetesSettings(env));
}
