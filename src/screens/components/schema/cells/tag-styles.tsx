import { Tag } from 'antd';

/**
 * antd writes a Tag's colour styles when the first Tag of a preset or status colour mounts; a list
 * draws its tags as plain elements (plain-antd.tsx), so two hidden Tags stand for them, in any theme.
 */
export function TagStyles() {
  return (
    <span hidden>
      <Tag color="blue" />
      <Tag color="success" />
    </span>
  );
}
