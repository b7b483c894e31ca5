import { createInterface } from 'node:readline';
import { HELP, parseCommand, parseOptions, USAGE, type Command } from './commands';
import { describeBeat, describeState } from './lines';
import { SimulatedRobot } from './simulated-robot';

/** Carries out one command; what to print. The robot's own refusals (an unknown topic) are printed, not thrown. */
function run(robot: SimulatedRobot, command: Command): string {
  try {
    switch (command.name) {
      case 'drop':
        robot.drop(command.topic);
        return `${command.topic} publishes nothing`;
      case 'slow':
        robot.slow(command.topic, command.hz);
        return `${command.topic} publishes at ${command.hz} Hz`;
      case 'resume':
        robot.resume(command.topic);
        return `${command.topic} publishes at its own rate`;
      case 'silent':
        robot.silent();
        return 'silent: no heartbeats until back';
      case 'back':
        robot.back();
        return 'sending heartbeats again';
      case 'restart': {
        const changed = robot.restart();
        return `restarted${changed.length ? `; now running the new ${changed.join(', ')}` : ''}`;
      }
      case 'config':
        robot.answerConfigsWith(command.result);
        return `configurations from now on: ${command.result}`;
      case 'status':
        return describeState(robot);
      case 'nothing':
        return '';
      case 'unknown':
        return `${command.problem}\n${HELP}`;
      case 'help':
        return HELP;
      case 'quit':
        return 'bye';
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function main(): Promise<number> {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (!('options' in parsed)) {
    if ('error' in parsed) console.error(parsed.error);
    console.error(USAGE);
    return 'help' in parsed ? 0 : 2;
  }
  const { options } = parsed;
  const robot = new SimulatedRobot({ server: options.server, key: options.key, sn: options.sn, configAnswer: options.config });
  // The startup flags are the commands a script cannot type; a wrong topic stops here, before anything is sent.
  try {
    for (const topic of options.drop) robot.drop(topic);
    for (const { topic, hz } of options.slow) robot.slow(topic, hz);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  console.log(`${options.sn} reports to ${options.server} (type help for commands)`);
  robot.start((record) => console.log(describeBeat(record)));
  const silentAfter =
    options.silentAfterSeconds === undefined ? null : setTimeout(() => console.log(run(robot, { name: 'silent' })), options.silentAfterSeconds * 1000);

  // Commands come one a line; when stdin closes (a script's </dev/null) the robot keeps reporting until killed.
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((quit) => {
    lines.on('line', (line) => {
      const command = parseCommand(line);
      const text = run(robot, command);
      if (text) console.log(text);
      if (command.name === 'quit') quit();
    });
    process.once('SIGINT', () => quit());
  });
  lines.close();
  if (silentAfter) clearTimeout(silentAfter);
  await robot.stop();
  return 0;
}

process.exitCode = await main();
