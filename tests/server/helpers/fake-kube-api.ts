import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';

/**
 * A stand-in for the Kubernetes API server, for the calls the Kubernetes runner makes: Jobs
 * (create, read, delete), ConfigMaps (create, read, JSON-patch, delete), pods listed by label, a
 * pod's log (follow, timestamps, sinceTime). Same paths, JSON shapes, Status objects and codes as
 * the real one; the test plays the job controller and the kubelet (startPod, log, finish, ...).
 */

// API objects as the JSON that travels: the fake reads and changes them freely, as the real server's storage does.
type Json = Record<string, any>;
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
}
interface LogEntry {
  ns: bigint;
  text: string;
}
interface Pod {
  object: Json;
  jobName: string;
  log: LogEntry[];
  followers: Set<http.ServerResponse>;
}

const TOKEN = 'fake-kube-token';
const NAMESPACE = 'edp-runs';

const nanoStamp = (ns: bigint): string => {
  // RFC3339Nano as the kubelet writes it: trailing zeros of the fraction dropped.
  const seconds = new Date(Number(ns / 1_000_000_000n) * 1000).toISOString().slice(0, 19);
  const fraction = String(ns % 1_000_000_000n)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return `${seconds}${fraction ? `.${fraction}` : ''}Z`;
};
const status = (code: number, reason: string, message: string, details: Json = {}) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  details,
  code,
});
const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'AlreadyExists',
  500: 'InternalError',
};

export async function startFakeKubeApi() {
  const jobs = new Map<string, Json>();
  const configMaps = new Map<string, Json>();
  const pods = new Map<string, Pod>();
  const requests: RecordedRequest[] = [];
  const refusals: { method: string; resource: string; code: number }[] = [];
  let resourceVersion = 1;
  let lastNs = 0n;
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const stamp = (object: Json) => ((object.metadata.resourceVersion = String(++resourceVersion)), object);

  const podsOf = (jobName: string) => [...pods.values()].filter((pod) => pod.jobName === jobName);
  const endFollowers = (pod: Pod) => {
    for (const response of pod.followers) response.end();
    pod.followers.clear();
  };
  const removePods = (jobName: string) => {
    for (const pod of podsOf(jobName)) (endFollowers(pod), pods.delete(pod.object.metadata.name));
  };
  const removeJob = (name: string) => {
    const uid = jobs.get(name)?.metadata.uid;
    jobs.delete(name);
    removePods(name);
    // The garbage collector: what the Job owned goes with it.
    for (const [key, map] of configMaps) if (map.metadata.ownerReferences?.some((owner: Json) => owner.uid === uid)) configMaps.delete(key);
  };
  const nextNs = () => (lastNs = [BigInt(Date.now()) * 1_000_000n, lastNs + 1n].reduce((a, b) => (a > b ? a : b)));

  const container = (pod: Pod) => pod.object.status.containerStatuses[0];
  const mustJob = (name: string) => {
    const job = jobs.get(name);
    if (!job) throw new Error(`fake: no Job ${name}`);
    return job;
  };
  const mustPod = (jobName: string) => {
    const pod = podsOf(jobName)[0];
    if (!pod) throw new Error(`fake: no pod of Job ${jobName}`);
    return pod;
  };
  const makePod = (jobName: string, state: Json, phase: string) => {
    const job = mustJob(jobName);
    const name = `${jobName}-${randomUUID().slice(0, 5)}`;
    const labels = { ...job.spec.template.metadata.labels };
    const object = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: NAMESPACE,
        uid: randomUUID(),
        labels,
        creationTimestamp: now(),
        ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: jobName, uid: job.metadata.uid, controller: true, blockOwnerDeletion: true }],
      },
      spec: job.spec.template.spec,
      status: {
        phase,
        containerStatuses: [
          {
            name: job.spec.template.spec.containers[0].name,
            image: job.spec.template.spec.containers[0].image,
            ready: phase === 'Running',
            restartCount: 0,
            state,
          },
        ],
      },
    };
    stamp(object);
    const pod: Pod = { object, jobName, log: [], followers: new Set() };
    pods.set(name, pod);
    job.status = { ...job.status, active: 1, startTime: job.status.startTime ?? now() };
    stamp(job);
    return pod;
  };

  const failJob = (job: Json, reason: string, message: string) => {
    const at = now();
    job.status = {
      ...job.status,
      active: 0,
      failed: 1,
      conditions: [
        { type: 'FailureTarget', status: 'True', reason, message, lastProbeTime: at, lastTransitionTime: at },
        { type: 'Failed', status: 'True', reason, message, lastProbeTime: at, lastTransitionTime: at },
      ],
    };
    stamp(job);
  };

  /** What the test does in the cluster's place. */
  const cluster = {
    /** The job controller made the pod and the kubelet started its container. */
    startPod(jobName: string) {
      const state = { running: { startedAt: now() } };
      const pod = podsOf(jobName)[0];
      if (!pod) return makePod(jobName, state, 'Running');
      Object.assign(container(pod), { state, ready: true });
      pod.object.status.phase = 'Running';
      return pod;
    },
    /** The pod's container cannot start (image pull, configuration). */
    waiting(jobName: string, reason: string, message: string) {
      makePod(jobName, { waiting: { reason, message } }, 'Pending');
    },
    /** The container wrote these lines (each at its own nanosecond, or at `time`). */
    log(jobName: string, text: string, time?: Date) {
      const pod = mustPod(jobName);
      for (const line of text.split('\n')) {
        const ns = time ? BigInt(time.getTime()) * 1_000_000n : nextNs();
        pod.log.push({ ns, text: line });
        for (const response of pod.followers) response.write(`${nanoStamp(ns)} ${line}\n`);
      }
    },
    /** The container ended; the job controller marks the Job Complete or Failed (backoffLimit 0). */
    finish(jobName: string, { exitCode, reason }: { exitCode: number; reason?: string }) {
      const pod = mustPod(jobName);
      const at = now();
      container(pod).state = { terminated: { exitCode, reason: reason ?? (exitCode === 0 ? 'Completed' : 'Error'), startedAt: at, finishedAt: at } };
      container(pod).ready = false;
      pod.object.status.phase = exitCode === 0 ? 'Succeeded' : 'Failed';
      stamp(pod.object);
      endFollowers(pod);
      const job = mustJob(jobName);
      if (exitCode !== 0) return failJob(job, 'BackoffLimitExceeded', 'Job has reached the specified backoff limit');
      job.status = {
        ...job.status,
        active: 0,
        succeeded: 1,
        completionTime: at,
        conditions: [
          {
            type: 'SuccessCriteriaMet',
            status: 'True',
            reason: 'CompletionsReached',
            message: 'Reached expected number of succeeded pods',
            lastProbeTime: at,
            lastTransitionTime: at,
          },
          {
            type: 'Complete',
            status: 'True',
            reason: 'CompletionsReached',
            message: 'Reached expected number of succeeded pods',
            lastProbeTime: at,
            lastTransitionTime: at,
          },
        ],
      };
      stamp(job);
    },
    /** activeDeadlineSeconds passed: the job controller deletes the pod and fails the Job. */
    deadline(jobName: string) {
      removePods(jobName);
      failJob(mustJob(jobName), 'DeadlineExceeded', 'Job was active longer than specified deadline');
    },
    /** The connection of every log stream of the Job's pod breaks (the container runs on). */
    dropLogStreams(jobName: string) {
      for (const pod of podsOf(jobName)) for (const response of pod.followers) response.destroy();
    },
    /** Someone else deleted the Job (kubectl, the TTL controller). */
    vanish(jobName: string) {
      removeJob(jobName);
    },
    /** Answer calls of this method on this resource (`jobs`, `configmaps`, `pods`, `log`) with an error Status. */
    refuse(method: string, resource: string, code: number) {
      refusals.push({ method, resource, code });
    },
    allow() {
      refusals.length = 0;
    },
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        body,
      });
      const send = (code: number, object: unknown) => {
        response.writeHead(code, { 'content-type': 'application/json' });
        response.end(JSON.stringify(object));
      };
      try {
        if (request.headers.authorization !== `Bearer ${TOKEN}`) return send(401, status(401, 'Unauthorized', 'Unauthorized'));
        route(request.method ?? '', url, body as Json, request.headers['content-type'], response, send);
      } catch (error) {
        send(500, status(500, 'InternalError', String(error)));
      }
    });
  });

  function route(
    method: string,
    url: URL,
    body: Json,
    contentType: string | undefined,
    response: http.ServerResponse,
    send: (code: number, object: unknown) => void,
  ) {
    const match = /^\/(?:api\/v1|apis\/batch\/v1)\/namespaces\/([^/]+)\/(jobs|configmaps|pods)(?:\/([^/]+))?(\/log)?$/.exec(url.pathname);
    if (!match) return send(404, status(404, 'NotFound', 'the server could not find the requested resource'));
    const [, namespace, resource = '', name, log] = match;
    const group = resource === 'jobs' ? 'batch' : '';
    const kindName = `${resource}${group ? `.${group}` : ''}`;
    const refusal = refusals.find((r) => r.method === method && r.resource === (log ? 'log' : resource));
    if (refusal)
      return send(
        refusal.code,
        status(refusal.code, REASONS[refusal.code] ?? 'Unknown', `${kindName} "${name ?? ''}" is forbidden: refused by the test`, {
          name,
          group,
          kind: resource,
        }),
      );
    if (namespace !== NAMESPACE) return send(404, status(404, 'NotFound', `namespaces "${namespace}" not found`, { name: namespace, kind: 'namespaces' }));
    const notFound = (what: string) => send(404, status(404, 'NotFound', `${kindName} "${what}" not found`, { name: what, group, kind: resource }));

    if (resource === 'pods' && log && name) return podLog(name, url.searchParams, response, send);
    if (resource === 'pods' && method === 'GET' && !name) {
      const selector = (url.searchParams.get('labelSelector') ?? '')
        .split(',')
        .filter(Boolean)
        .map((term) => term.split('='));
      const items = [...pods.values()].map((pod) => pod.object).filter((pod) => selector.every(([key = '', value]) => pod.metadata.labels[key] === value));
      return send(200, { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: String(resourceVersion) }, items });
    }
    const store = resource === 'jobs' ? jobs : resource === 'configmaps' ? configMaps : null;
    if (!store) return send(405, status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
    if (method === 'POST' && !name) {
      const objectName: string = body?.metadata?.name ?? '';
      if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(objectName))
        return send(422, status(422, 'Invalid', `${resource} "${objectName}" is invalid: metadata.name: Invalid value`));
      if (store.has(objectName))
        return send(409, status(409, 'AlreadyExists', `${kindName} "${objectName}" already exists`, { name: objectName, group, kind: resource }));
      const object: Json = {
        ...structuredClone(body),
        metadata: { ...structuredClone(body.metadata), namespace, uid: randomUUID(), creationTimestamp: now(), generation: 1 },
      };
      if (resource === 'jobs') {
        const controllerLabels = {
          'batch.kubernetes.io/controller-uid': object.metadata.uid,
          'controller-uid': object.metadata.uid,
          'batch.kubernetes.io/job-name': objectName,
          'job-name': objectName,
        };
        object.spec.template.metadata = { ...object.spec.template.metadata, labels: { ...object.spec.template.metadata?.labels, ...controllerLabels } };
        object.spec.selector = { matchLabels: { 'batch.kubernetes.io/controller-uid': object.metadata.uid } };
        object.status = {};
      }
      store.set(objectName, stamp(object));
      return send(201, object);
    }
    if (!name) return send(405, status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
    const object = store.get(name);
    if (!object) return notFound(name);
    if (method === 'GET') return send(200, object);
    if (method === 'PATCH') {
      if (contentType !== 'application/json-patch+json')
        return send(
          415,
          status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json-patch+json`),
        );
      for (const op of body as unknown as Json[]) {
        const path = String(op.path).split('/').slice(1);
        const parent = path.slice(0, -1).reduce((at: Json, key) => at[key], object);
        if (op.op !== 'add' && op.op !== 'replace') return send(422, status(422, 'Invalid', `unsupported patch op ${op.op}`));
        parent[path[path.length - 1] ?? ''] = op.value;
      }
      return send(200, stamp(object));
    }
    if (method === 'DELETE') {
      const policy = url.searchParams.get('propagationPolicy') ?? body?.propagationPolicy;
      if (resource === 'jobs' && policy === 'Foreground') {
        // Foreground: the Job stays, marked, until the garbage collector has removed its pods.
        object.metadata.deletionTimestamp = now();
        object.metadata.finalizers = ['foregroundDeletion'];
        stamp(object);
        setTimeout(() => {
          removePods(name);
          setTimeout(() => removeJob(name), 30);
        }, 30);
        return send(200, object);
      }
      if (resource === 'jobs') removeJob(name);
      else store.delete(name);
      return send(200, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Success',
        details: { name, group, kind: resource, uid: object.metadata.uid },
      });
    }
    send(405, status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
  }

  function podLog(name: string, query: URLSearchParams, response: http.ServerResponse, send: (code: number, object: unknown) => void) {
    const pod = pods.get(name);
    if (!pod) return send(404, status(404, 'NotFound', `pods "${name}" not found`, { name, kind: 'pods' }));
    const state = container(pod).state;
    if (query.get('container') !== container(pod).name)
      return send(400, status(400, 'BadRequest', `container ${query.get('container')} is not valid for pod ${name}`));
    if (state.waiting)
      return send(400, status(400, 'BadRequest', `container "${container(pod).name}" in pod "${name}" is waiting to start: ${state.waiting.reason}`));
    const sinceTime = query.get('sinceTime');
    const since = sinceTime ? BigInt(Date.parse(sinceTime)) * 1_000_000n : null;
    const timestamps = query.get('timestamps') === 'true';
    response.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
    const lines = pod.log
      .filter((entry) => since === null || entry.ns >= since)
      .map((entry) => `${timestamps ? `${nanoStamp(entry.ns)} ` : ''}${entry.text}\n`);
    if (lines.length) response.write(lines.join(''));
    if (query.get('follow') === 'true' && state.running) {
      pod.followers.add(response);
      response.on('close', () => pod.followers.delete(response));
    } else response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'fake', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'runner', token: TOKEN }],
    contexts: [{ name: 'fake', cluster: 'fake', user: 'runner', namespace: NAMESPACE }],
    currentContext: 'fake',
  });

  return {
    kubeConfig,
    namespace: NAMESPACE,
    requests,
    cluster,
    job: (name: string) => jobs.get(name),
    configMap: (name: string) => configMaps.get(name),
    pods: (jobName: string) => podsOf(jobName).map((pod) => pod.object),
    /** What the Job's pod logged, with each line's time in milliseconds (what a reader of the timestamps gets). */
    logged: (jobName: string) => podsOf(jobName).flatMap((pod) => pod.log.map((entry) => ({ ms: Number(entry.ns / 1_000_000n), text: entry.text }))),
    close: async () => {
      for (const pod of pods.values()) endFollowers(pod);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeKubeApi = Awaited<ReturnType<typeof startFakeKubeApi>>;
