import { defineEntity, type EntityRecord } from './engine/entity';
import { text, textarea } from './engine/fields';

const IMAGE = /^[a-z0-9]+([._/-][a-z0-9]+)*(:[0-9]+)?(\/[a-z0-9]+([._-][a-z0-9]+)*)*(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$/;

/** A container image tasks run in (system console → images). */
export const taskImage = defineEntity({
  name: 'task-image',
  table: 'task_images',
  label: 'taskImage:_',
  scope: 'platform',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('taskImage:fields.name', { max: 100, list: { width: 200 } }),
    image: text('taskImage:fields.image', {
      max: 255,
      pattern: [IMAGE, 'taskImage:rules.image'],
      example: (n) => `registry.example.com/edp/sample-${n}:1.0`,
      list: { width: 320, copyable: true },
    }),
    // The interpreter a task's code file is handed to (`python3 -u main.py`): split into words, run without a shell.
    entrypoint: text('taskImage:fields.entrypoint', {
      max: 200,
      pattern: [/^[A-Za-z0-9_./=-]+( +[A-Za-z0-9_./=:-]+)*$/, 'taskImage:rules.entrypoint'],
      example: () => 'python3 -u',
      filter: false,
      list: { width: 140 },
    }),
    description: textarea('taskImage:fields.description'),
  },
});

export type TaskImage = EntityRecord<typeof taskImage>;
