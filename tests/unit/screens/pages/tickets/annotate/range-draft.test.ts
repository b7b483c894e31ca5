import { describe, expect, it } from 'vitest';
import { draftProblem, emptyDraft, valuesOf } from '../../../../../../src/screens/pages/tickets/annotate/range-draft';

const draft = (changes: Partial<ReturnType<typeof emptyDraft>>) => ({ ...emptyDraft(), ...changes });

describe('a range before it is saved', () => {
  it('needs both ends', () => {
    expect(draftProblem(draft({ start: 1 }), 60)?.key).toBe('annotate:range.missing');
  });

  it('needs its end after its start', () => {
    expect(draftProblem(draft({ start: 5, end: 5, labelId: 3 }), 60)?.key).toBe('annotation:rules.range');
    expect(draftProblem(draft({ start: 6, end: 5, labelId: 3 }), 60)?.key).toBe('annotation:rules.range');
  });

  it('lies within the recording', () => {
    expect(draftProblem(draft({ start: 50, end: 60.5, labelId: 3 }), 60)).toEqual({ key: 'annotation:errors.outside', values: { duration: 60 } });
  });

  it('needs a label', () => {
    expect(draftProblem(draft({ start: 1, end: 2 }), 60)?.key).toBe('annotate:range.pickLabel');
  });

  it('holds with all of them, up to the recording’s very end', () => {
    expect(draftProblem(draft({ start: 0, end: 60, labelId: 3 }), 60)).toBeNull();
  });

  it('sends its texts trimmed', () => {
    expect(valuesOf(draft({ start: 1, end: 2, labelId: 3, subLabel: ' left ', description: ' grip slips\n' }))).toEqual({
      startOffset: 1,
      endOffset: 2,
      labelId: 3,
      subLabel: 'left',
      description: 'grip slips',
    });
  });
});
