import type { ActionDecl, EnumOption } from './engine/types';

/** Spec §4 "pending, processing, success, failed": the course of a run the platform carries out (training sets, processing). */
export const runStatus = (ns: string): EnumOption[] => [
  { value: 'pending', label: `${ns}:status.pending`, color: 'default' },
  { value: 'processing', label: `${ns}:status.processing`, color: 'processing' },
  { value: 'success', label: `${ns}:status.success`, color: 'success' },
  { value: 'failed', label: `${ns}:status.failed`, color: 'error' },
];

/** A run the platform settles itself: a person starts it (again, after a failure); its end follows the work, never a click. */
export const runStart = (ns: string): Record<string, ActionDecl> => ({
  start: { label: `${ns}:actions.start`, from: ['pending', 'failed'], to: 'processing', confirm: true },
});
