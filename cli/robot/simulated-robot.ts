import { HEARTBEAT_INTERVAL_SECONDS, type Heartbeat, type HeartbeatAnswer } from '../../model/schemas/robot-report';
import { ConfigBook, type ConfigResult, type ConfigTaken } from './config-book';
import { sendHeartbeat } from './heartbeat-api';
import { seededRandom } from './seeded-random';
import { TopicMeter, type TopicRate } from './topic-meter';

/** What a UR5e arm set up for tele-operated data collection publishes: two cameras, its joints, the gripper, the leader arm. */
const UR5E_TOPICS: TopicRate[] = [
  { name: '/camera/front/image_raw', hz: 30 },
  { name: '/camera/wrist_left/image_raw', hz: 30 },
  { name: '/joint_states', hz: 500 },
  { name: '/gripper/state', hz: 100 },
  { name: '/teleop/leader/joint_cmd', hz: 100 },
];

export interface SimulatedRobotOptions {
  /** The console's origin, e.g. http://127.0.0.1:8080. */
  server: string;
  /** The robot's key, `ID.SECRET`. */
  key: string;
  sn: string;
  topics?: TopicRate[];
  softwareVersion?: string;
  hardwareVersion?: string;
  /** Seconds between heartbeats; without it the server's answer says, and until then HEARTBEAT_INTERVAL_SECONDS. */
  intervalSeconds?: number;
  /** The clock the robot counts messages and uptime by (milliseconds, as Date.now). */
  now?: () => number;
  /** What the robot makes of a configuration version it is given. */
  configAnswer?: ConfigResult;
  /** How far a heartbeat's message count wavers either way, as a share (0.02); 0 counts exactly. */
  jitter?: number;
}

/** One heartbeat as it went: what was sent, and the answer and what the robot did with it, or why it failed. */
export interface BeatRecord {
  at: Date;
  sent: Heartbeat;
  answer?: HeartbeatAnswer;
  taken: ConfigTaken[];
  error?: unknown;
}

/**
 * A robot that reports heartbeats the way a real one does, and can be made to misbehave: a topic
 * dropped or slowed, the whole robot silent, configurations refused. Used in-process by tests and
 * by `npm run robot`; it counts by an injectable clock so a test decides how much time passed.
 */
export class SimulatedRobot {
  private readonly options: SimulatedRobotOptions;
  private readonly now: () => number;
  private readonly topics: TopicMeter[];
  private readonly configs = new ConfigBook();
  private readonly jitter: () => number;
  private configAnswer: ConfigResult;
  private intervalSeconds: number;
  private bootedAt: number;
  private lastBeatAt: number;
  private isSilent = false;
  private beats = 0;
  private last: BeatRecord | null = null;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(options: SimulatedRobotOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.bootedAt = this.now();
    this.lastBeatAt = this.bootedAt;
    this.topics = (options.topics ?? UR5E_TOPICS).map((topic) => new TopicMeter(topic, this.bootedAt));
    this.configAnswer = options.configAnswer ?? 'applied';
    this.intervalSeconds = options.intervalSeconds ?? HEARTBEAT_INTERVAL_SECONDS;
    const random = seededRandom(options.sn);
    const share = options.jitter ?? 0.02;
    this.jitter = () => 1 + (random() * 2 - 1) * share;
  }

  /** Sends one heartbeat now and returns the answer's data; null when the robot is silent (nothing is sent). */
  async beat(): Promise<HeartbeatAnswer | null> {
    const record = await this.attempt();
    if (record?.error) throw record.error;
    return record?.answer ?? null;
  }

  /** Beats now and then every interval until stop(); each heartbeat (not a silent turn) goes to `listener`, failed ones too. */
  start(listener?: (record: BeatRecord) => void): void {
    if (this.running) return;
    this.running = true;
    const turn = async () => {
      this.timer = null;
      const done = this.attempt().then((record) => record && listener?.(record));
      this.inFlight = done;
      await done;
      // The timer is not unref'd: it is what keeps `npm run robot` running.
      if (this.running) this.timer = setTimeout(() => void turn(), this.intervalSeconds * 1000);
    };
    void turn();
  }

  /** Stops beating; resolves once a heartbeat under way has been answered. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight.catch(() => undefined);
  }

  /** The topic publishes nothing from now on: its count stops and its last message time stays where it was. */
  drop(topic: string): void {
    this.meter(topic).drop(this.now());
  }

  slow(topic: string, hz: number): void {
    if (!Number.isFinite(hz) || hz < 0) throw new Error(`a rate is a number of messages a second, 0 or more, not ${hz}`);
    this.meter(topic).slow(this.now(), hz);
  }

  /** The topic publishes at its own rate again. */
  resume(topic: string): void {
    this.meter(topic).resume(this.now());
  }

  /** No heartbeat is sent until back(), as if the robot lost its network; its topics keep counting. */
  silent(): void {
    this.isSilent = true;
  }

  back(): void {
    this.isSilent = false;
  }

  answerConfigsWith(result: ConfigResult): void {
    this.configAnswer = result;
  }

  /** The robot starts again: uptime from 0, and each version that waited for a restart runs; the names that now run a new version. */
  restart(): string[] {
    this.bootedAt = this.now();
    return this.configs.restart();
  }

  state() {
    return {
      sn: this.options.sn,
      uptimeSeconds: this.uptimeSeconds(this.now()),
      silent: this.isSilent,
      configAnswer: this.configAnswer,
      intervalSeconds: this.intervalSeconds,
      beats: this.beats,
      last: this.last,
      topics: this.topics.map((topic) => topic.view()),
      configs: this.configs.view(),
    };
  }

  /** One heartbeat, its failure kept in the record rather than thrown, so the beating loop outlives a server that is down. */
  private async attempt(): Promise<BeatRecord | null> {
    if (this.isSilent) return null;
    const at = this.now();
    const elapsedSeconds = (at - this.lastBeatAt) / 1000;
    this.lastBeatAt = at;
    const { configs, told } = this.configs.report();
    const sent: Heartbeat = {
      sn: this.options.sn,
      ...(this.options.softwareVersion ? { softwareVersion: this.options.softwareVersion } : {}),
      ...(this.options.hardwareVersion ? { hardwareVersion: this.options.hardwareVersion } : {}),
      uptimeSeconds: this.uptimeSeconds(at),
      // Counts start again at every attempt: what a failed heartbeat carried is lost, as on a real robot.
      topics: this.topics.map((topic) => topic.report(at, elapsedSeconds, this.jitter)),
      configs,
    };
    const record: BeatRecord = { at: new Date(at), sent, taken: [] };
    try {
      const answer = await sendHeartbeat(this.options.server, this.options.key, sent);
      this.configs.heard(told);
      if (this.options.intervalSeconds === undefined && answer.heartbeatIntervalSeconds > 0) this.intervalSeconds = answer.heartbeatIntervalSeconds;
      for (const offer of answer.configs) {
        const taken = this.configs.take(offer, this.configAnswer);
        if (taken) record.taken.push(taken);
      }
      record.answer = answer;
      this.beats++;
    } catch (error) {
      record.error = error;
    }
    this.last = record;
    return record;
  }

  private meter(name: string): TopicMeter {
    const topic = this.topics.find((candidate) => candidate.name === name);
    if (!topic) throw new Error(`the robot publishes no topic ${name}; it has ${this.topics.map((candidate) => candidate.name).join(', ')}`);
    return topic;
  }

  private uptimeSeconds(at: number): number {
    return Math.max(0, Math.floor((at - this.bootedAt) / 1000));
  }
}
