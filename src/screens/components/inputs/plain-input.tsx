import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import './plain-input.css';

interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  prefix?: ReactNode;
  invalid?: boolean;
  /** For a password: the eye button that shows it; its label says what the button does. */
  revealLabel?: string;
}

/**
 * An input drawn like antd's large input, without antd's form engine: the sign-in page's bundle
 * budget has no room for it. Everywhere else the console uses antd's own inputs.
 */
export function PlainInput({ prefix, invalid, revealLabel, type = 'text', className, ...input }: PlainInputProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span className={`edp-input${invalid ? ' edp-input-invalid' : ''}${className ? ` ${className}` : ''}`}>
      {prefix && <span className="edp-input-prefix">{prefix}</span>}
      <input {...input} type={type === 'password' && revealed ? 'text' : type} aria-invalid={invalid || undefined} />
      {type === 'password' && (
        <button type="button" className="edp-input-suffix" aria-label={revealLabel} aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
          {revealed ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
