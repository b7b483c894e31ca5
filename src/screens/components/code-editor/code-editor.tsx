import Editor, { loader } from '@monaco-editor/react';
import { useSettings } from '../../../providers/settings';

// Spec §2: the editor's files come from this server (copied from the package at build), never a CDN.
loader.config({ paths: { vs: `${import.meta.env.BASE_URL}monaco-editor/min/vs` } });

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language?: string;
  readOnly?: boolean;
  height?: number;
  label?: string;
}

/** Monaco for JSON and code fields; loaded only by pages that show one. */
export default function CodeEditor({ value, onChange, language = 'json', readOnly = false, height = 240, label }: CodeEditorProps) {
  const dark = useSettings().theme === 'dark';
  return (
    <div
      className="edp-code-editor"
      aria-label={label}
      data-testid="code-editor"
      style={{ border: '1px solid rgba(128,128,128,0.3)', borderRadius: 6, overflow: 'hidden' }}
    >
      <Editor
        height={height}
        language={language}
        value={value}
        theme={dark ? 'vs-dark' : 'light'}
        onChange={(next) => onChange?.(next ?? '')}
        options={{ readOnly, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 13, automaticLayout: true, tabSize: 2 }}
      />
    </div>
  );
}
