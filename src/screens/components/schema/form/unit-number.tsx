import { InputNumber, Space, type InputNumberProps } from 'antd';
import type { ReactNode } from 'react';

/** A number with its unit drawn after it (bytes, seconds), the way antd joins a control and its addon. */
export function UnitNumber({ unit, style, ...props }: InputNumberProps<number> & { unit: ReactNode }) {
  return (
    <Space.Compact style={style}>
      <InputNumber<number> {...props} style={{ width: '100%' }} />
      <Space.Addon>{unit}</Space.Addon>
    </Space.Compact>
  );
}
