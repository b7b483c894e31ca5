/** Less time than this since the last report measures no rate. */
const MEASURED_AFTER_SECONDS = 0.5;

/** A topic the robot publishes and the rate it publishes it at when nothing is wrong. */
export interface TopicRate {
  name: string;
  hz: number;
}

/** What a heartbeat says of one topic. */
export interface TopicReport {
  name: string;
  messages: number;
  rate: number;
  lastMessageTime?: string;
}

/**
 * One topic's publisher as the robot meters it: what it produced since the last heartbeat, at
 * whatever rate it ran meanwhile. Every change of rate first counts the messages up to that moment,
 * so a topic slowed or dropped halfway through an interval reports the half it did publish.
 */
export class TopicMeter {
  readonly name: string;
  readonly nominalHz: number;
  private hz: number;
  private dropped = false;
  /** Messages produced since the last heartbeat, unrounded: rates rarely divide an interval evenly. */
  private produced = 0;
  private countedUntil: number;
  private lastMessageAt: number | null = null;

  constructor(topic: TopicRate, startedAt: number) {
    this.name = topic.name;
    this.nominalHz = topic.hz;
    this.hz = topic.hz;
    this.countedUntil = startedAt;
  }

  drop(at: number): void {
    this.count(at);
    this.dropped = true;
  }

  slow(at: number, hz: number): void {
    this.count(at);
    this.dropped = false;
    this.hz = hz;
  }

  resume(at: number): void {
    this.slow(at, this.nominalHz);
  }

  /**
   * The figures since the last heartbeat (`elapsedSeconds` ago), then a fresh count. `jitter` gives
   * the factor the count wavers by, asked only of a topic that produced something: a dropped one
   * reports exactly nothing, and leaves the stream of factors to the others.
   */
  report(at: number, elapsedSeconds: number, jitter: () => number): TopicReport {
    this.count(at);
    const messages = this.produced > 0 ? Math.round(this.produced * jitter()) : 0;
    this.produced = 0;
    // Within a moment of the last report there is nothing measured yet (a few milliseconds count no
    // message of a 100 Hz topic): the robot states the rate it publishes at.
    const rate = elapsedSeconds >= MEASURED_AFTER_SECONDS ? messages / elapsedSeconds : this.dropped ? 0 : this.hz;
    const report: TopicReport = { name: this.name, messages, rate: Math.round(rate * 100) / 100 };
    if (this.lastMessageAt !== null) report.lastMessageTime = new Date(this.lastMessageAt).toISOString();
    return report;
  }

  view(): { name: string; nominalHz: number; hz: number; dropped: boolean } {
    return { name: this.name, nominalHz: this.nominalHz, hz: this.dropped ? 0 : this.hz, dropped: this.dropped };
  }

  private count(at: number): void {
    const seconds = (at - this.countedUntil) / 1000;
    if (seconds > 0 && !this.dropped && this.hz > 0) {
      this.produced += this.hz * seconds;
      this.lastMessageAt = at;
    }
    this.countedUntil = Math.max(this.countedUntil, at);
  }
}
