import { parseArgs } from 'node:util';
import { CONFIG_ANSWERS, DEMO_ROBOT } from '../../model/schemas/robot-report';
import type { ConfigResult } from './config-book';

export const USAGE = `Simulates a robot reporting heartbeats to an EDP console, and lets you make it misbehave.

  npm run robot -- [options]

  --server URL            the console's address (or EDP_SERVER; http://localhost:8080)
  --key ID.SECRET         the robot's key (or EDP_ROBOT_KEY); without one, the demo space's simulated robot
  --sn SN                 the robot's serial number (required with --key)
  --config RESULT         what it makes of configurations it is given: ${CONFIG_ANSWERS.join(', ')} (applied)
  --drop TOPIC            start with TOPIC publishing nothing (may repeat)
  --slow TOPIC=HZ         start with TOPIC publishing at HZ (may repeat)
  --silent-after SECONDS  stop sending heartbeats after SECONDS, as if its network went
Once running it reads commands, one a line (type help).`;

export const HELP = `Commands:
  drop TOPIC        TOPIC publishes nothing
  slow TOPIC HZ     TOPIC publishes at HZ messages a second
  resume TOPIC      TOPIC publishes at its own rate again
  silent            send no heartbeats (until back)
  back              send heartbeats again
  restart           restart the robot: uptime from 0, configurations waiting for a restart run
  config RESULT     answer configurations with ${CONFIG_ANSWERS.join(' | ')}
  status            what the robot is doing
  help              this list
  quit              stop the robot`;

const BARE = ['silent', 'back', 'restart', 'status', 'help', 'quit'] as const;

export type Command =
  | { name: 'drop' | 'resume'; topic: string }
  | { name: 'slow'; topic: string; hz: number }
  | { name: 'config'; result: ConfigResult }
  | { name: (typeof BARE)[number] }
  | { name: 'nothing' }
  | { name: 'unknown'; problem: string };

/** A rate as typed: a number of messages a second, 0 or more; NaN otherwise. */
const rate = (text: string | undefined): number => (text !== undefined && /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN);

const isConfigResult = (text: string | undefined): text is ConfigResult => CONFIG_ANSWERS.some((result) => result === text);

/** One line typed at the running robot. Whether a topic exists is the robot's to say; this checks only the words. */
export function parseCommand(line: string): Command {
  const [verb, ...rest] = line.trim().split(/\s+/);
  const word = verb?.toLowerCase() ?? '';
  if (word === '') return { name: 'nothing' };
  const wants = (count: number, form: string): Command | null =>
    rest.length === count ? null : { name: 'unknown', problem: `${word} takes ${count ? form : 'nothing'}: ${word}${count ? ` ${form}` : ''}` };
  if (word === 'drop' || word === 'resume') return wants(1, 'TOPIC') ?? { name: word, topic: rest[0]! };
  if (word === 'slow') {
    const hz = rate(rest[1]);
    if (rest.length !== 2 || Number.isNaN(hz)) return { name: 'unknown', problem: 'slow takes a topic and a rate: slow TOPIC HZ' };
    return { name: 'slow', topic: rest[0]!, hz };
  }
  if (word === 'config') {
    const result = rest[0];
    if (rest.length !== 1 || !isConfigResult(result)) return { name: 'unknown', problem: `config takes one of ${CONFIG_ANSWERS.join(', ')}` };
    return { name: 'config', result };
  }
  const bare = BARE.find((name) => name === word);
  if (bare) return wants(0, '') ?? { name: bare };
  return { name: 'unknown', problem: `no command ${verb}` };
}

export interface RobotCommandLine {
  server: string;
  key: string;
  sn: string;
  config: ConfigResult;
  drop: string[];
  slow: Array<{ topic: string; hz: number }>;
  silentAfterSeconds?: number;
}

/**
 * The command line, with the environment's EDP_SERVER and EDP_ROBOT_KEY as fallbacks: the options
 * to run with, a request for help, or what is wrong with it.
 */
export function parseOptions(argv: string[], env: Record<string, string | undefined>): { options: RobotCommandLine } | { help: true } | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        server: { type: 'string' },
        key: { type: 'string' },
        sn: { type: 'string' },
        config: { type: 'string' },
        drop: { type: 'string', multiple: true },
        slow: { type: 'string', multiple: true },
        'silent-after': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { help: true };
  const server = values.server ?? env.EDP_SERVER ?? 'http://localhost:8080';
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) return { error: `the server is an http(s) address, not ${server}` };
  const key = values.key ?? env.EDP_ROBOT_KEY;
  if (key !== undefined && !/^[^.\s]+\.\S+$/.test(key)) return { error: 'a key is ID.SECRET, as the console showed it when it was made' };
  // A key is bound to one robot: the demo key goes with the demo robot, any other with the robot it was made for.
  if (key !== undefined && !values.sn) return { error: '--sn is required with a key: the serial number of the robot the key was made for' };
  const config = values.config ?? 'applied';
  if (!isConfigResult(config)) return { error: `--config is one of ${CONFIG_ANSWERS.join(', ')}` };
  const slow: RobotCommandLine['slow'] = [];
  for (const text of values.slow ?? []) {
    const [topic, hzText] = text.split('=');
    const hz = rate(hzText);
    if (!topic || Number.isNaN(hz)) return { error: `--slow is TOPIC=HZ, not ${text}` };
    slow.push({ topic, hz });
  }
  const silentAfter = values['silent-after'];
  const silentAfterSeconds = silentAfter === undefined ? undefined : rate(silentAfter);
  if (Number.isNaN(silentAfterSeconds)) return { error: `--silent-after is a number of seconds, not ${silentAfter}` };
  return {
    options: {
      server,
      key: key ?? `${DEMO_ROBOT.keyId}.${DEMO_ROBOT.secret}`,
      sn: values.sn ?? DEMO_ROBOT.sn,
      config,
      drop: values.drop ?? [],
      slow,
      ...(silentAfterSeconds !== undefined ? { silentAfterSeconds } : {}),
    },
  };
}
