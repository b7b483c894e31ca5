import type { Annotation } from '../tickets-api';
import { toMilliseconds } from './timeline-math';

/** The range being marked (or the annotation being changed), before it is saved. */
export interface RangeDraft {
  start: number | null;
  end: number | null;
  labelId: number | null;
  subLabel: string;
  description: string;
  /** The annotation these values change; none for a new one. */
  editing: Annotation | null;
}

export const emptyDraft = (): RangeDraft => ({ start: null, end: null, labelId: null, subLabel: '', description: '', editing: null });

/** An annotation's values, to change them. */
export const draftOf = (annotation: Annotation): RangeDraft => ({
  start: annotation.startOffset,
  end: annotation.endOffset,
  labelId: annotation.labelId,
  subLabel: annotation.subLabel ?? '',
  description: annotation.description ?? '',
  editing: annotation,
});

/** Why the draft cannot be saved yet, as a text key and its values; null when it can. The server holds the same rules. */
export function draftProblem(draft: RangeDraft, duration: number): { key: string; values?: Record<string, unknown> } | null {
  if (draft.start === null || draft.end === null) return { key: 'annotate:range.missing' };
  if (!(draft.end > draft.start)) return { key: 'annotation:rules.range' };
  if (draft.start < 0 || draft.end > toMilliseconds(duration)) return { key: 'annotation:errors.outside', values: { duration: toMilliseconds(duration) } };
  if (draft.labelId === null) return { key: 'annotate:range.pickLabel' };
  return null;
}

/** What a saved draft sends: the annotation's values (a draft that still has a problem is never saved). */
export const valuesOf = (draft: RangeDraft) => ({
  startOffset: draft.start!,
  endOffset: draft.end!,
  labelId: draft.labelId!,
  subLabel: draft.subLabel.trim(),
  description: draft.description.trim(),
});
