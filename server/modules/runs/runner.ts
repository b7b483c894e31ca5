import type { Readable } from 'node:stream';

/**
 * What a runner is given and gives back. The runs module decides what runs and when
 * (instances, the queue, logs, states); a runner only executes one instance somewhere: a child
 * process on this machine (local) or a batch/v1 Job (kubernetes).
 */

/** Everything one instance runs with, worked out by the runs module from the task, its image and the instance. */
export interface RunSpec {
  instanceId: number;
  tenantId: number;
  /** DNS-1123 name, unique per instance (the instance's k8sJobName): the Job's name on Kubernetes. */
  jobName: string;
  /** The task image's reference (registry/name:tag): the container's image on Kubernetes; unused locally. */
  image: string;
  /** The image's entrypoint split into words (`python3 -u`); the code file's path is appended. */
  command: string[];
  /** The task's code, written to a file (`main` + the language's extension) the command runs. */
  code: string;
  codeFileName: string;
  /** The task's environment lines, then EDP_INSTANCE_ID, EDP_INSTANCE_TOKEN, EDP_API_URL and the run's own (training, export). */
  env: Record<string, string>;
  /** Further files beside the code (a training run's config.json), by name. */
  files: Record<string, string>;
  memoryBytes: number;
  gpuCards: number;
  timeoutSeconds: number;
  /** Labels a runner may attach (Kubernetes labels: edp.space, edp.instance). */
  labels: Record<string, string>;
}

export type LogStream = 'stdout' | 'stderr';

export interface LogLine {
  stream: LogStream;
  time: Date;
  text: string;
}

/** Where a runner delivers a run's output, in order. `write` resolves when the lines are kept: a runner waits for it before reading more (backpressure, so none is lost). */
export interface LogSink {
  write(lines: LogLine[]): Promise<void>;
  /**
   * A file the run left in its output directory (`$EDP_OUTPUT_DIR`, where a runner gives it one),
   * handed over once the run succeeded; resolves when it is kept. A run without such a directory
   * (Kubernetes) sends its files itself with its instance token.
   */
  keepFile?(name: string, body: Readable): Promise<void>;
}

/** Why a run failed: the instance records the kind (its text in both languages comes from the console's catalogue). */
export type FailureKind = 'exit' | 'memory' | 'start' | 'lost' | 'restart' | 'output';

export type RunOutcome =
  { status: 'succeeded' } | { status: 'failed'; failure: FailureKind; exitCode?: number; detail?: string } | { status: 'timed_out' } | { status: 'terminated' };

/** A run under way. */
export interface RunHandle {
  /** Settles once the run has ended and all its output was given to the sink. Never rejects: a runner's own trouble is a failed outcome. */
  outcome: Promise<RunOutcome>;
  /** Stops it (SIGTERM then SIGKILL after the grace period; a Job deleted with foreground propagation). Rejects when it could not be stopped. */
  terminate(): Promise<void>;
}

export interface Runner {
  kind: 'local' | 'kubernetes';
  /** Resolves once the run has started (the process spawned, the Job created); rejects when it cannot start. */
  start(spec: RunSpec, sink: LogSink): Promise<RunHandle>;
  /**
   * After a restart, the run of an instance left running: a handle that follows it on (output after
   * `since`), or null when it is gone (a local process dies with its server's pipes).
   */
  reattach(spec: RunSpec, sink: LogSink, since: Date | null): Promise<RunHandle | null>;
  /** Stops a run this process holds no handle of (another server process started it). Resolves when it is gone or was never there. */
  stop(spec: RunSpec): Promise<void>;
}
