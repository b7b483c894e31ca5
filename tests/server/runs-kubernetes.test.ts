import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogLine, LogSink, RunHandle, RunSpec } from '../../server/modules/runs/runner';
import { codeConfigMap, jobManifest } from '../../server/modules/runs/kubernetes/job-manifest';
import { jobState } from '../../server/modules/runs/kubernetes/job-status';
import type { KubernetesSettings } from '../../server/modules/runs/kubernetes/kube-config';
import { readKubernetesSettings } from '../../server/modules/runs/kubernetes/kube-config';
import { kubernetesRunner } from '../../server/modules/runs/kubernetes/kubernetes-runner';
import { parseTimestamp } from '../../server/modules/runs/kubernetes/log-lines';
import { startFakeKubeApi, type FakeKubeApi } from './helpers/fake-kube-api';

/** The Kubernetes runner against an API-shaped fake server: no cluster here. */

const runSpec = (overrides: Partial<RunSpec> = {}): RunSpec => ({
  instanceId: 42,
  tenantId: 7,
  jobName: 'edp-run-42',
  image: 'registry.example.com/edp/python:3.11',
  command: ['python3', '-u'],
  code: 'print("hello")\n',
  codeFileName: 'main.py',
  env: { EDP_INSTANCE_ID: '42', EDP_API_URL: 'http://edp.example.com/api/v1', GREETING: 'hi there' },
  files: { 'config.json': '{"epochs":3}' },
  memoryBytes: 2 * 1024 ** 3,
  gpuCards: 2,
  timeoutSeconds: 900,
  labels: { 'edp.space': '7', 'edp.instance': '42', team: 'vision' },
  ...overrides,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(what: string, check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** A sink keeping what it is given; `delayMs` makes every write slow; it notes writes that overlap. */
function collector(delayMs = 0) {
  const lines: LogLine[] = [];
  let writing = 0;
  const sink = {
    lines,
    writes: 0,
    overlapped: false,
    write: async (batch: LogLine[]) => {
      sink.overlapped ||= writing > 0;
      writing++;
      sink.writes++;
      if (delayMs) await sleep(delayMs);
      lines.push(...batch);
      writing--;
    },
  };
  return sink satisfies LogSink;
}

let fake: FakeKubeApi;
let settings: KubernetesSettings;
const handles: RunHandle[] = [];
beforeEach(async () => {
  fake = await startFakeKubeApi();
  settings = { namespace: fake.namespace, ttlSeconds: 600, pollMs: 20, startGraceMs: 150, logDrainIdleMs: 2000 };
});
afterEach(async () => {
  // Runs a test left going are stopped, so that every follower has ended before the next test.
  fake.cluster.allow();
  await Promise.all(handles.splice(0).map((handle) => handle.terminate().then(() => handle.outcome)));
  await fake.close();
});

async function start(spec = runSpec(), sink: LogSink = collector()) {
  const handle = await kubernetesRunner(fake.kubeConfig, settings).start(spec, sink);
  handles.push(handle);
  return handle;
}
const calls = (method: string, pathEnd: string) => fake.requests.filter((r) => r.method === method && r.path.endsWith(pathEnd));

describe('configuration', () => {
  it('reads the namespace, TTL and poll interval from the environment, with defaults', () => {
    expect(readKubernetesSettings({})).toMatchObject({ namespace: 'default', ttlSeconds: 3600, pollMs: 2000 });
    expect(readKubernetesSettings({ EDP_K8S_NAMESPACE: 'edp', EDP_K8S_TTL_SECONDS: '120', EDP_K8S_POLL_MS: '500' })).toMatchObject({
      namespace: 'edp',
      ttlSeconds: 120,
      pollMs: 500,
    });
    expect(() => readKubernetesSettings({ EDP_K8S_TTL_SECONDS: 'soon' })).toThrow(/EDP_K8S_TTL_SECONDS/);
  });
});

describe('the Job and its ConfigMap', () => {
  it('runs the image with the command, env, memory and GPU limits, deadline, no retry, a TTL and the labels', () => {
    const job = jobManifest(runSpec(), { namespace: 'edp-runs', ttlSeconds: 600 });
    expect(job.metadata).toEqual({ name: 'edp-run-42', namespace: 'edp-runs', labels: { 'edp.space': '7', 'edp.instance': '42', team: 'vision' } });
    expect(job.spec).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 900, ttlSecondsAfterFinished: 600 });
    const pod = job.spec!.template.spec!;
    expect(job.spec!.template.metadata!.labels).toEqual(job.metadata!.labels);
    expect(pod.restartPolicy).toBe('Never');
    const [container] = pod.containers;
    expect(container).toMatchObject({ image: 'registry.example.com/edp/python:3.11', command: ['python3', '-u', '/edp/main.py'], workingDir: '/edp-work' });
    expect(container!.env).toEqual([
      { name: 'EDP_INSTANCE_ID', value: '42' },
      { name: 'EDP_API_URL', value: 'http://edp.example.com/api/v1' },
      { name: 'GREETING', value: 'hi there' },
    ]);
    expect(container!.resources).toEqual({ limits: { memory: String(2 * 1024 ** 3), 'nvidia.com/gpu': '2' }, requests: { memory: String(2 * 1024 ** 3) } });
    expect(container!.volumeMounts).toEqual([
      { name: 'code', mountPath: '/edp', readOnly: true },
      { name: 'work', mountPath: '/edp-work' },
    ]);
    expect(pod.volumes).toEqual([
      { name: 'code', configMap: { name: 'edp-run-42' } },
      { name: 'work', emptyDir: {} },
    ]);
  });

  it('asks for no GPU when the run has none, and the spec cannot override the space and instance labels', () => {
    const job = jobManifest(runSpec({ gpuCards: 0, labels: { 'edp.space': '999' } }), { namespace: 'n', ttlSeconds: 1 });
    expect(job.spec!.template.spec!.containers[0]!.resources!.limits).toEqual({ memory: String(2 * 1024 ** 3) });
    expect(job.metadata!.labels).toEqual({ 'edp.space': '7', 'edp.instance': '42' });
  });

  it('holds the code and the files in a ConfigMap that start() makes, then hands to the Job as owner', async () => {
    expect(codeConfigMap(runSpec(), { namespace: 'n', ttlSeconds: 1 }).data).toEqual({ 'main.py': 'print("hello")\n', 'config.json': '{"epochs":3}' });
    await start();
    const order = fake.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(order.slice(0, 3)).toEqual([
      'POST /api/v1/namespaces/edp-runs/configmaps',
      'POST /apis/batch/v1/namespaces/edp-runs/jobs',
      'PATCH /api/v1/namespaces/edp-runs/configmaps/edp-run-42',
    ]);
    // What reached the API server is the manifest, field for field.
    expect(calls('POST', '/jobs')[0]!.body).toEqual(JSON.parse(JSON.stringify(jobManifest(runSpec(), settings))));
    const configMap = fake.configMap('edp-run-42')!;
    expect(configMap.data).toEqual({ 'main.py': 'print("hello")\n', 'config.json': '{"epochs":3}' });
    expect(configMap.metadata.labels).toMatchObject({ 'edp.space': '7', 'edp.instance': '42' });
    expect(configMap.metadata.ownerReferences).toEqual([
      { apiVersion: 'batch/v1', kind: 'Job', name: 'edp-run-42', uid: fake.job('edp-run-42')!.metadata.uid },
    ]);
    expect(calls('PATCH', '/edp-run-42')[0]!.contentType).toBe('application/json-patch+json');
  });

  it('rejects a run whose code and files exceed what a ConfigMap holds, before asking the API anything', async () => {
    const spec = runSpec({ files: { 'weights.txt': 'x'.repeat(1024 * 1024) } });
    await expect(kubernetesRunner(fake.kubeConfig, settings).start(spec, collector())).rejects.toThrow(/more than a Kubernetes ConfigMap holds/);
    expect(fake.requests).toEqual([]);
  });

  it('rejects with the API server reason when the Job is refused, and removes the ConfigMap it made', async () => {
    fake.cluster.refuse('POST', 'jobs', 403);
    await expect(kubernetesRunner(fake.kubeConfig, settings).start(runSpec(), collector())).rejects.toThrow(
      /refused the Job of instance 42: HTTP 403: .*forbidden/,
    );
    expect(fake.configMap('edp-run-42')).toBeUndefined();
    expect(calls('DELETE', '/configmaps/edp-run-42')).toHaveLength(1);
  });

  it('rejects when a Job of that name exists already', async () => {
    await start();
    fake.requests.length = 0;
    await expect(kubernetesRunner(fake.kubeConfig, settings).start(runSpec(), collector())).rejects.toThrow(/HTTP 409: .*already exists/);
    // The first run's objects are left alone.
    expect(fake.job('edp-run-42')).toBeDefined();
    expect(fake.configMap('edp-run-42')).toBeDefined();
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});

describe('the outcome follows the Job and its pod', () => {
  it('succeeded: the Job completes', async () => {
    const handle = await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    expect(await handle.outcome).toEqual({ status: 'succeeded' });
  });

  it('failed with the exit code: the container exits non-zero', async () => {
    const handle = await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.finish('edp-run-42', { exitCode: 3 });
    expect(await handle.outcome).toEqual({ status: 'failed', failure: 'exit', exitCode: 3 });
  });

  it('failed for memory: the container is OOMKilled', async () => {
    const handle = await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.finish('edp-run-42', { exitCode: 137, reason: 'OOMKilled' });
    expect(await handle.outcome).toEqual({ status: 'failed', failure: 'memory', exitCode: 137 });
  });

  it('timed out: the Job passes its activeDeadlineSeconds', async () => {
    const handle = await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.deadline('edp-run-42');
    expect(await handle.outcome).toEqual({ status: 'timed_out' });
  });

  it('failed to start: the image cannot be pulled for longer than the grace period; the Job is deleted', async () => {
    const handle = await start();
    fake.cluster.waiting('edp-run-42', 'ImagePullBackOff', 'Back-off pulling image "registry.example.com/edp/python:3.11"');
    const began = Date.now();
    expect(await handle.outcome).toEqual({
      status: 'failed',
      failure: 'start',
      detail: 'ImagePullBackOff: Back-off pulling image "registry.example.com/edp/python:3.11"',
    });
    expect(Date.now() - began).toBeGreaterThanOrEqual(settings.startGraceMs);
    expect(calls('DELETE', '/jobs/edp-run-42').map((r) => r.query.get('propagationPolicy'))).toEqual(['Foreground']);
  });

  it('lost: the Job vanishes while followed and nobody here terminated it', async () => {
    const handle = await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.vanish('edp-run-42');
    expect(await handle.outcome).toEqual({ status: 'failed', failure: 'lost', detail: 'Job edp-run-42 was deleted' });
  });

  it('maps the states in between and a command that could not run', () => {
    const job = { status: {} };
    const pod = (state: object) => ({ status: { containerStatuses: [{ name: 'task', image: 'i', imageID: '', ready: false, restartCount: 0, state }] } });
    expect(jobState(job, undefined)).toEqual({ phase: 'pending' });
    expect(jobState(job, pod({ waiting: { reason: 'ContainerCreating' } }))).toEqual({ phase: 'pending' });
    expect(jobState(job, pod({ running: {} }))).toEqual({ phase: 'running' });
    expect(jobState(job, pod({ waiting: { reason: 'CreateContainerConfigError', message: 'secret "x" not found' } }))).toEqual({
      phase: 'stuck',
      detail: 'CreateContainerConfigError: secret "x" not found',
    });
    const failed = { status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] } };
    const cannotRun = pod({ terminated: { exitCode: 128, reason: 'StartError', message: 'exec: "python3": executable file not found' } });
    expect(jobState(failed, cannotRun)).toEqual({
      phase: 'ended',
      outcome: { status: 'failed', failure: 'start', detail: 'StartError: exec: "python3": executable file not found' },
    });
    expect(jobState(failed, { status: { phase: 'Failed', reason: 'Evicted', message: 'low on memory' } })).toEqual({
      phase: 'ended',
      outcome: { status: 'failed', failure: 'lost', detail: 'Evicted: low on memory' },
    });
  });
});

describe('the log', () => {
  it('delivers every line in order with its timestamp, 5,000 of them written while it follows', async () => {
    const sink = collector();
    const handle = await start(runSpec(), sink);
    fake.cluster.startPod('edp-run-42');
    await waitFor('the log stream', () => calls('GET', '/log').length > 0);
    for (let burst = 0; burst < 10; burst++) {
      fake.cluster.log('edp-run-42', Array.from({ length: 500 }, (_, i) => `line ${burst * 500 + i}`).join('\n'));
      await sleep(5);
    }
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    expect(await handle.outcome).toEqual({ status: 'succeeded' });
    expect(sink.lines.map((line) => line.text)).toEqual(Array.from({ length: 5000 }, (_, i) => `line ${i}`));
    expect(sink.lines.map((line) => line.time.getTime())).toEqual(fake.logged('edp-run-42').map((entry) => entry.ms));
    expect(new Set(sink.lines.map((line) => line.stream))).toEqual(new Set(['stdout']));
    const request = calls('GET', '/log')[0]!;
    expect(Object.fromEntries(request.query)).toMatchObject({ container: 'task', follow: 'true', timestamps: 'true' });
    expect(request.authorization).toBe('Bearer fake-kube-token');
  });

  it('reads the RFC3339 timestamp of each line into its time', async () => {
    expect(parseTimestamp('2030-01-02T03:04:05.678901234Z')).toEqual({ time: new Date('2030-01-02T03:04:05.678Z'), ns: 1_893_553_445_678_901_234n });
    expect(parseTimestamp('2030-01-02T03:04:05Z')!.time).toEqual(new Date('2030-01-02T03:04:05Z'));
    expect(parseTimestamp('2030-01-02T05:04:05.5+02:00')!.time).toEqual(new Date('2030-01-02T03:04:05.500Z'));
    expect(parseTimestamp('hello')).toBeNull();
    const sink = collector();
    const handle = await start(runSpec(), sink);
    fake.cluster.startPod('edp-run-42');
    fake.cluster.log('edp-run-42', 'first', new Date('2030-01-02T03:04:05.678Z'));
    fake.cluster.log('edp-run-42', '  indented, with a trailing space ', new Date('2030-01-02T03:04:06Z'));
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    await handle.outcome;
    expect(sink.lines).toEqual([
      { stream: 'stdout', time: new Date('2030-01-02T03:04:05.678Z'), text: 'first' },
      { stream: 'stdout', time: new Date('2030-01-02T03:04:06Z'), text: '  indented, with a trailing space ' },
    ]);
  });

  it('waits for a slow sink: every line arrives, one write at a time, before the outcome', async () => {
    const sink = collector(15);
    const handle = await start(runSpec(), sink);
    fake.cluster.startPod('edp-run-42');
    await waitFor('the log stream', () => calls('GET', '/log').length > 0);
    for (let i = 0; i < 2000; i++) {
      fake.cluster.log('edp-run-42', `slow ${i}`);
      if (i % 100 === 0) await sleep(1);
    }
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    expect(await handle.outcome).toEqual({ status: 'succeeded' });
    expect(sink.lines.map((line) => line.text)).toEqual(Array.from({ length: 2000 }, (_, i) => `slow ${i}`));
    expect(sink.writes).toBeGreaterThan(1);
    expect(sink.overlapped).toBe(false);
  });

  it('opens the stream again where it broke, neither losing nor repeating a line', async () => {
    const sink = collector();
    const handle = await start(runSpec(), sink);
    fake.cluster.startPod('edp-run-42');
    fake.cluster.log('edp-run-42', 'before 1\nbefore 2');
    await waitFor('the first lines', () => sink.lines.length === 2);
    fake.cluster.dropLogStreams('edp-run-42');
    fake.cluster.log('edp-run-42', 'while away');
    await waitFor('a second stream', () => calls('GET', '/log').length >= 2);
    fake.cluster.log('edp-run-42', 'after');
    await waitFor('the last line', () => sink.lines.length === 4);
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    await handle.outcome;
    expect(sink.lines.map((line) => line.text)).toEqual(['before 1', 'before 2', 'while away', 'after']);
    expect(calls('GET', '/log')[1]!.query.get('sinceTime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('reads the whole log of a run that ended before it was first looked at', async () => {
    const sink = collector();
    settings.pollMs = 300;
    const handle = await start(runSpec(), sink);
    fake.cluster.startPod('edp-run-42');
    fake.cluster.log('edp-run-42', 'a\nb\nc');
    fake.cluster.finish('edp-run-42', { exitCode: 1 });
    expect(await handle.outcome).toEqual({ status: 'failed', failure: 'exit', exitCode: 1 });
    expect(sink.lines.map((line) => line.text)).toEqual(['a', 'b', 'c']);
  });
});

describe('terminate and stop', () => {
  it('terminate deletes the Job with foreground propagation and the outcome is terminated', async () => {
    const sink = collector();
    const handle = await start(runSpec(), sink);
    fake.cluster.startPod('edp-run-42');
    fake.cluster.log('edp-run-42', 'working');
    await waitFor('the line', () => sink.lines.length === 1);
    await handle.terminate();
    expect(await handle.outcome).toEqual({ status: 'terminated' });
    const deletes = calls('DELETE', '/jobs/edp-run-42');
    expect(deletes.map((r) => r.query.get('propagationPolicy'))).toEqual(['Foreground']);
    // The garbage collector removes the Job once its pod is gone, and the ConfigMap with its owner.
    await waitFor('the Job and its ConfigMap to go', () => !fake.job('edp-run-42') && !fake.configMap('edp-run-42'));
    expect(sink.lines.map((line) => line.text)).toEqual(['working']);
  });

  it('terminate rejects when the API refuses the delete, and the run goes on', async () => {
    const handle = await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.refuse('DELETE', 'jobs', 403);
    await expect(handle.terminate()).rejects.toThrow(/did not delete Job edp-run-42: HTTP 403: .*forbidden/);
    expect(fake.job('edp-run-42')).toBeDefined();
    fake.cluster.allow();
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    expect(await handle.outcome).toEqual({ status: 'succeeded' });
  });

  it('stop deletes a Job this process holds no handle of, and is content when it is gone already', async () => {
    await start();
    const runner = kubernetesRunner(fake.kubeConfig, settings);
    await runner.stop(runSpec());
    expect(calls('DELETE', '/jobs/edp-run-42').map((r) => r.query.get('propagationPolicy'))).toEqual(['Foreground']);
    await waitFor('the Job to go', () => fake.job('edp-run-42') === undefined);
    await expect(runner.stop(runSpec())).resolves.toBeUndefined();
    fake.cluster.refuse('DELETE', 'jobs', 403);
    await expect(runner.stop(runSpec({ jobName: 'edp-run-43' }))).rejects.toThrow(/HTTP 403/);
  });
});

describe('reattach after a restart', () => {
  it('follows a running Job on, with the output after `since`', async () => {
    const before = kubernetesRunner(fake.kubeConfig, settings);
    handles.push(await before.start(runSpec(), collector()));
    fake.cluster.startPod('edp-run-42');
    const minuteAgo = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    const at = (s: number) => new Date(minuteAgo + s * 1000 + 250);
    for (let s = 0; s < 5; s++) fake.cluster.log('edp-run-42', `old ${s}`, at(s));

    // A new server process: its runner finds the Job and reads from the last line it has kept (old 2).
    const sink = collector();
    const handle = await kubernetesRunner(fake.kubeConfig, settings).reattach(runSpec(), sink, at(2));
    expect(handle).not.toBeNull();
    handles.push(handle!);
    await waitFor('the lines after since', () => sink.lines.length === 2);
    fake.cluster.log('edp-run-42', 'new');
    fake.cluster.finish('edp-run-42', { exitCode: 0 });
    expect(await handle!.outcome).toEqual({ status: 'succeeded' });
    expect(sink.lines.map((line) => line.text)).toEqual(['old 3', 'old 4', 'new']);
    const reattached = calls('GET', '/log').find((r) => r.query.get('sinceTime'));
    expect(reattached!.query.get('sinceTime')).toBe(new Date(minuteAgo + 2000).toISOString().replace('.000Z', 'Z'));
  });

  it('follows a Job that ended while no server watched it to its outcome and the rest of its log', async () => {
    await start();
    fake.cluster.startPod('edp-run-42');
    fake.cluster.log('edp-run-42', 'x', new Date(Date.UTC(2030, 0, 1)));
    fake.cluster.log('edp-run-42', 'y', new Date(Date.UTC(2030, 0, 1, 0, 0, 1)));
    fake.cluster.finish('edp-run-42', { exitCode: 137, reason: 'OOMKilled' });
    const sink = collector();
    const handle = await kubernetesRunner(fake.kubeConfig, settings).reattach(runSpec(), sink, new Date(Date.UTC(2030, 0, 1)));
    expect(await handle!.outcome).toEqual({ status: 'failed', failure: 'memory', exitCode: 137 });
    expect(sink.lines.map((line) => line.text)).toEqual(['y']);
  });

  it('returns null when the Job is gone', async () => {
    const runner = kubernetesRunner(fake.kubeConfig, settings);
    expect(await runner.reattach(runSpec({ jobName: 'edp-run-404' }), collector(), null)).toBeNull();
  });
});
