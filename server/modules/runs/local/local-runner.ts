import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LogSink, RunHandle, RunOutcome, Runner, RunSpec } from '../runner';
import { collectLines } from './line-collector';
import { ranOutOfMemory } from './memory-failure';
import { runUser } from './run-user';
import { handOverOutput, outputDirOf } from './output-dir';
import { guardDataDir, prepareWorkDir, removeWorkDir } from './work-dir';

export interface LocalRunnerOptions {
  workRoot: string;
  dataDir: string;
  graceMs: number;
  /** Keep a run's directory after it ends (to look at what it wrote); default: removed, its log is kept. */
  keepDirs?: boolean;
}

/** What a run may see of this machine's environment: a plain PATH and a UTF-8 locale; never the server's variables. */
const baseEnv = (dir: string) => ({
  ...{ PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', HOME: dir, TMPDIR: path.join(dir, 'tmp'), PYTHONUNBUFFERED: '1' },
  EDP_OUTPUT_DIR: outputDirOf(dir),
});

/**
 * Runs an instance as a child process on this machine: in its own directory and process group, as
 * an unprivileged user when the server is root, through `sh` so the address-space limit (`ulimit
 * -v`) holds before the interpreter starts; its output read line by line. Timeout and terminate
 * send SIGTERM to the whole group, then SIGKILL after the grace period.
 */
export function localRunner(options: LocalRunnerOptions): Runner {
  const user = runUser();
  let guarded: Promise<void> | undefined;

  const start = async (spec: RunSpec, sink: LogSink): Promise<RunHandle> => {
    if (user) await (guarded ??= guardDataDir(options.workRoot, options.dataDir));
    const dir = await prepareWorkDir(options.workRoot, spec, user);
    const limitKb = Math.max(1, Math.floor(spec.memoryBytes / 1024));
    const child = spawn('/bin/sh', ['-c', 'ulimit -c 0; ulimit -v "$0" && exec "$@"', String(limitKb), ...spec.command, spec.codeFileName], {
      cwd: dir,
      env: { ...spec.env, ...baseEnv(dir) },
      detached: true, // its own process group: stopping it stops whatever it started
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ?? {}),
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });

    const stderrTail: string[] = [];
    const { drained } = collectLines(sink, { stdout: child.stdout!, stderr: child.stderr! }, (line) => {
      if (line.stream !== 'stderr') return;
      stderrTail.push(line.text);
      if (stderrTail.length > 50) stderrTail.shift();
    });
    let stopping: 'terminated' | 'timed_out' | null = null;
    let killTimer: NodeJS.Timeout | undefined;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // the group is gone already
      }
    };
    const stop = (why: 'terminated' | 'timed_out') => {
      stopping ??= why;
      signalGroup('SIGTERM');
      killTimer ??= setTimeout(() => signalGroup('SIGKILL'), options.graceMs);
    };
    const timeout = setTimeout(() => stop('timed_out'), spec.timeoutSeconds * 1000);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const outcome = (async (): Promise<RunOutcome> => {
      const { code, signal } = await exited;
      clearTimeout(timeout);
      signalGroup('SIGKILL'); // what it left running in its group ends with it
      clearTimeout(killTimer);
      await drained;
      // What it produced is kept before its directory goes, and only when it succeeded.
      const unkept = !stopping && code === 0 ? await handOverOutput(dir, sink) : null;
      if (!options.keepDirs) await removeWorkDir(dir).catch(() => {});
      if (stopping) return { status: stopping };
      if (unkept) return { status: 'failed', failure: 'output', exitCode: 0, detail: unkept.slice(0, 1000) };
      if (code === 0) return { status: 'succeeded' };
      const exitCode = code ?? 128 + signalNumber(signal);
      if (ranOutOfMemory(stderrTail)) return { status: 'failed', failure: 'memory', exitCode };
      return { status: 'failed', failure: 'exit', exitCode, ...(signal ? { detail: signal } : {}) };
    })();

    return {
      outcome,
      terminate: async () => {
        stop('terminated');
        await exited;
      },
    };
  };

  return {
    kind: 'local',
    start,
    // A local run's pipes died with the server that read them: nothing to follow on.
    reattach: async () => null,
    // The process that holds the run sees the instance terminated at its next look and stops it.
    stop: async () => {},
  };
}

const SIGNALS: Partial<Record<NodeJS.Signals, number>> = { SIGKILL: 9, SIGTERM: 15, SIGSEGV: 11, SIGABRT: 6, SIGINT: 2, SIGHUP: 1, SIGPIPE: 13 };
const signalNumber = (signal: NodeJS.Signals | null) => (signal ? (SIGNALS[signal] ?? 0) : 0);
