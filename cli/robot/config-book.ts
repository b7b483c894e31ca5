import type { CONFIG_ANSWERS, Heartbeat } from '../../model/schemas/robot-report';

export type ConfigResult = (typeof CONFIG_ANSWERS)[number];
type HeartbeatConfig = NonNullable<Heartbeat['configs']>[number];
type Answer = { version: number; result: ConfigResult; message?: string };

/** A configuration version the server offered, whole. */
export interface ConfigOffer {
  name: string;
  version: number;
  content: Record<string, unknown>;
}

/** What the robot did with an offered version, for whoever prints it. */
export interface ConfigTaken {
  name: string;
  version: number;
  result: ConfigResult;
}

/** An answer that went out in a heartbeat: once that heartbeat is answered, the server has heard it. */
export interface ConfigTold {
  name: string;
  version: number;
}

interface Kept {
  running?: number;
  /** A version taken with `restartNeeded`: it runs once the robot restarts. */
  waiting?: number;
  answer?: Answer;
  heard: boolean;
}

/** Why a version did not run, as the robot tells the server (the simulator was told to answer so). */
const MESSAGES: Record<ConfigResult, string | undefined> = {
  applied: undefined,
  restartNeeded: 'kept: runs after the next restart',
  rejected: 'rejected: the simulated robot was told to refuse configurations (config rejected)',
  failed: 'failed to apply: the simulated robot was told to fail (config failed)',
};

/** The configurations the robot knows: which version of each runs, which waits for a restart, and what it last answered. */
export class ConfigBook {
  private readonly kept = new Map<string, Kept>();

  /**
   * Takes an offered version as `result` says, unless it is the version last answered: the server
   * offers a version until it hears the answer, and the same offer is not decided twice.
   */
  take(offer: ConfigOffer, result: ConfigResult): ConfigTaken | null {
    const kept = this.kept.get(offer.name) ?? { heard: false };
    if (kept.answer?.version === offer.version) return null;
    if (result === 'applied') {
      kept.running = offer.version;
      delete kept.waiting; // a newer version runs now: the one waiting for a restart is outdated
    }
    if (result === 'restartNeeded') kept.waiting = offer.version;
    const message = MESSAGES[result];
    kept.answer = { version: offer.version, result, ...(message ? { message } : {}) };
    kept.heard = false;
    this.kept.set(offer.name, kept);
    return { name: offer.name, version: offer.version, result };
  }

  /** Every waiting version becomes the running one; the names that changed. */
  restart(): string[] {
    const changed: string[] = [];
    for (const [name, kept] of this.kept) {
      if (kept.waiting === undefined) continue;
      kept.running = kept.waiting;
      delete kept.waiting;
      changed.push(name);
    }
    return changed;
  }

  /** The heartbeat's `configs`: each running version, and each answer the server has not heard yet. */
  report(): { configs: HeartbeatConfig[]; told: ConfigTold[] } {
    const configs: HeartbeatConfig[] = [];
    const told: ConfigTold[] = [];
    for (const [name, kept] of this.kept) {
      const answer = kept.answer && !kept.heard ? kept.answer : undefined;
      if (answer) told.push({ name, version: answer.version });
      if (kept.running === undefined && !answer) continue; // nothing to say: a refused version, answered and heard
      configs.push({ name, ...(kept.running !== undefined ? { runningVersion: kept.running } : {}), ...(answer ? { answer } : {}) });
    }
    return { configs, told };
  }

  /** The server answered the heartbeat that carried these answers: they are not sent again. */
  heard(told: ConfigTold[]): void {
    for (const { name, version } of told) {
      const kept = this.kept.get(name);
      if (kept?.answer?.version === version) kept.heard = true;
    }
  }

  view(): Array<{ name: string; runningVersion?: number; waitingVersion?: number; answer?: Answer; heard: boolean }> {
    return [...this.kept].map(([name, kept]) => ({
      name,
      ...(kept.running !== undefined ? { runningVersion: kept.running } : {}),
      ...(kept.waiting !== undefined ? { waitingVersion: kept.waiting } : {}),
      ...(kept.answer ? { answer: { ...kept.answer } } : {}),
      heard: kept.heard,
    }));
  }
}
