import { z } from 'zod';

/**
 * How a robot type's recordings become a LeRobot dataset: which topic (and which field of its decoded message) is the
 * observation state, the action and each camera, sampled at what rate. Declared per robot type and edited in the
 * console as JSON, so this file imports nothing but zod and its messages are whole English sentences a person can act on.
 */

/** A topic name as ROS and MCAP write it: it starts with a slash or a letter, and has no spaces. */
const topic = z
  .string({ error: 'The topic must be text, such as "/joint_states".' })
  .trim()
  .min(1, 'The topic must not be empty.')
  .max(255, 'The topic must be at most 255 characters long.')
  .regex(/^\S*$/, 'The topic must not contain spaces.');

/** A dotted path into the decoded message ("position", "pose.position.x", "joints.0.angle"). */
const field = z
  .string({ error: 'The field must be text, a dotted path such as "position".' })
  .trim()
  .min(1, 'The field must not be empty: name the message field that holds the numbers, such as "position".')
  .max(255, 'The field must be at most 255 characters long.')
  .regex(/^$|^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'The field must be a dotted path of field names or indexes, such as "position" or "pose.position.x".');

const names = z
  .array(z.string({ error: 'Each name must be text.' }).trim().min(1, 'A name must not be empty.').max(255, 'A name must be at most 255 characters long.'), {
    error: 'The names must be a list of texts, one per number.',
  })
  .min(1, 'The names, when given, must name at least one number.')
  .refine((list) => new Set(list).size === list.length, 'The names must all be different.');

/** One vector feature: a topic, the field of its messages that holds a number or a list of numbers, and their names. */
const vector = (what: string) =>
  z.object(
    {
      topic,
      field,
      names: names.optional(),
    },
    { error: `The ${what} must be an object with a topic and a field.` },
  );

const camera = z.object(
  {
    name: z
      .string({ error: 'The camera name must be text, such as "front".' })
      .regex(/^[A-Za-z0-9_]+$/, 'The camera name may hold only letters, digits and underscores, such as "front" or "wrist_left".')
      .max(64, 'The camera name must be at most 64 characters long.'),
    topic,
  },
  { error: 'Each camera must be an object with a name and a topic.' },
);

export const leRobotMapping = z.object(
  {
    fps: z
      .number({ error: 'The frame rate (fps) must be a number.' })
      .int('The frame rate (fps) must be a whole number.')
      .min(1, 'The frame rate (fps) must be at least 1.')
      .max(1000, 'The frame rate (fps) must be at most 1000.'),
    state: vector('state'),
    action: vector('action').optional(),
    cameras: z
      .array(camera, { error: 'The cameras must be a list.' })
      .max(16, 'At most 16 cameras can be mapped.')
      .refine((list) => new Set(list.map((entry) => entry.name)).size === list.length, 'Each camera must have a name of its own.')
      .optional(),
    task: z
      .string({ error: 'The task must be text.' })
      .trim()
      .min(1, 'The task, when given, must not be empty.')
      .max(1000, 'The task must be at most 1000 characters long.')
      .optional(),
  },
  { error: 'The LeRobot mapping must be an object with fps and state.' },
);

export type LeRobotMapping = z.infer<typeof leRobotMapping>;
