import { FINISHED_STATES } from '../../../model/schemas/instance';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/tables';
import { lockUntilCommit } from '../../db/advisory-locks';
import { serverSecret } from '../../db/server-secrets';
import { enqueue } from '../../jobs/enqueue';
import type { JobHandler } from '../../jobs/worker';
import type { Clock } from '../../clock';
import type { ActiveRuns } from './active-runs';
import { instanceLogSink, type InstanceLogSink } from './instance-log-sink';
import { ending, moveInstance, readInstance, type InstanceRow } from './instance-state';
import type { RunBell } from './run-bell';
import type { RunHandle, RunOutcome, Runner } from './runner';
import { keepRunFile, reportProgress } from './run-subject';
import { INSTANCE_TOKENS, RunSpecError, runSpecOf } from './run-spec';
import { RUN_JOB } from './trigger-run';

export interface RunContext extends AppContext {
  runner: Runner;
  /** The runs this app's workers follow, and the bell their output rings. */
  active: ActiveRuns;
  bell: RunBell;
  pollMs: number;
  /** Where a run calls back (EDP_API_URL). */
  apiUrl: string;
}

const finished = (status: string) => (FINISHED_STATES as readonly string[]).includes(status);

/** Whether no other run of its queue is under way (a compile server compiles one export at a time); the queue's lock keeps two starts apart. */
const queueFree = async (trx: Db, row: InstanceRow) => {
  await lockUntilCommit(trx, 'runQueue', row.queue);
  return (await sql`select 1 from instances where queue = ${row.queue} and status = 'running' and id <> ${row.id} limit 1`.execute(trx)).rows.length === 0;
};

/**
 * One instance, from pending to its end, in the process that claimed its job (each pending
 * instance is claimed by one process: SKIP LOCKED, and the move to running only from pending).
 * A job claimed again after its server died finds the instance running: a Kubernetes run is
 * re-attached, a local one (its process gone with the server's pipes) is failed with that reason.
 */
export const runJob =
  (context: RunContext): JobHandler =>
  async ({ instanceId }: { instanceId: number }, { db, clock, signal }) => {
    const row = await readInstance(db, instanceId);
    if (!row || finished(row.status)) return;
    const { records, runner } = context;
    const fail = (from: string[], failure: string, detail: string) =>
      moveInstance(records, instanceId, from, 'failed', { ...ending(row, clock()), failure, failureDetail: detail.slice(0, 1000) }, clock());
    const specFor = async () =>
      runSpecOf(db, row, { secret: await serverSecret(db, INSTANCE_TOKENS, clock()), apiUrl: context.apiUrl, storage: context.storage });
    const sinkFor = async (moved: InstanceRow): Promise<InstanceLogSink> => ({
      ...(await instanceLogSink(db, moved, (percent) => reportProgress(records, moved, percent), context.bell)),
      keepFile: async (name, body) => void (await keepRunFile(context, moved, name, body)),
    });

    if (row.status === 'pending') {
      let spec;
      try {
        spec = await specFor();
      } catch (error) {
        if (!(error instanceof RunSpecError)) throw error;
        await fail(['pending'], 'start', error.message);
        return;
      }
      const now = clock();
      const changes = { startTime: now, runner: runner.kind, image: spec.image };
      const moved = await moveInstance(records, instanceId, ['pending'], 'running', changes, now, row.queue ? { guard: queueFree } : {});
      if (moved === 'refused') {
        // Its queue is busy: it waits, pending, and is looked at again shortly.
        await enqueue(db, RUN_JOB, { instanceId }, { runAt: new Date(clock().getTime() + context.pollMs), now: clock(), maxAttempts: 3 });
        return;
      }
      if (!moved) return; // another process took it, or it was stopped before it began
      const sink = await sinkFor(moved);
      let handle: RunHandle;
      try {
        handle = await runner.start(spec, sink);
      } catch (error) {
        await fail(['running'], 'start', error instanceof Error ? error.message : String(error));
        return;
      }
      await follow(context, db, moved, handle, sink, clock, signal);
      return;
    }
    // Running, claimed again: the process that followed it stopped.
    const sink = await sinkFor(row);
    const since = await lastLineTime(db, instanceId);
    const handle = await specFor().then(
      (spec) => runner.reattach(spec, sink, since),
      () => null,
    );
    if (!handle) {
      await fail(['running'], 'restart', 'the server that ran it stopped');
      return;
    }
    await follow(context, db, row, handle, sink, clock, signal);
  };

const lastLineTime = async (db: Db, instanceId: number) =>
  (await sql<{ time: Date }>`select time from instance_logs where instance_id = ${instanceId} order by seq desc limit 1`.execute(db)).rows[0]?.time ?? null;

/** Until the run ends: its state looked at every poll (a terminate from another process), its end written. */
async function follow(context: RunContext, db: Db, row: InstanceRow, handle: RunHandle, sink: InstanceLogSink, clock: Clock, signal: AbortSignal) {
  let letGo: () => void = () => {};
  const detached = new Promise<'detached'>((resolve) => (letGo = () => resolve('detached')));
  const run = { handle, detach: () => letGo(), serverStopped: false };
  context.active.hold(row.id, run);
  signal.addEventListener('abort', run.detach);
  const watch = setInterval(() => {
    readInstance(db, row.id).then(
      (current) => {
        if (current?.status === 'terminated') void handle.terminate().catch(() => {});
      },
      () => {}, // the database is briefly away: look again at the next poll
    );
  }, context.pollMs);
  try {
    const outcome = await Promise.race([handle.outcome, detached]);
    if (outcome === 'detached') throw new Error(`instance ${row.id} was let go of while running; the next server re-attaches it`);
    await sink.close();
    const now = clock();
    if (outcome.status === 'terminated' && !run.serverStopped) {
      // The terminate wrote the end state; what is left is how much it printed.
      await sql`update instances set log_lines = ${sink.count()} where id = ${row.id}`.execute(db);
      return;
    }
    const ended: RunOutcome = run.serverStopped ? { status: 'failed', failure: 'restart', detail: 'the server stopped while it ran' } : outcome;
    const failure = ended.status === 'failed' ? { failure: ended.failure, exitCode: ended.exitCode ?? null, failureDetail: ended.detail ?? '' } : {};
    await moveInstance(context.records, row.id, ['running'], ended.status, { ...ending(row, now), logLines: sink.count(), ...failure }, now);
  } finally {
    clearInterval(watch);
    signal.removeEventListener('abort', run.detach);
    context.active.release(row.id);
  }
}

/** The server is stopping: local runs end with it (failed, saying so); Kubernetes runs go on and are let go of. */
export async function stopHeldRuns(runner: Runner, active: ActiveRuns): Promise<void> {
  await active.close(async (run) => {
    if (runner.kind !== 'local') return run.detach();
    run.serverStopped = true;
    await run.handle.terminate().catch(() => {});
    await run.handle.outcome;
  });
}
