import { useState } from 'react';
import type { Item } from '../tickets-api';

export const VERDICTS = ['qualified', 'unqualified', 'unchecked'] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * The item's verdict as the assignee gives it. Qualified and unchecked are saved at once; unqualified
 * is said with its failure label, so it waits for one to be chosen and is saved with it.
 */
export function useVerdict(item: Item, judge: (qualityLabel: Verdict, qualitySubLabel: string) => Promise<boolean>) {
  const [choosingFailure, setChoosingFailure] = useState(false);
  const current = (item.qualityLabel || 'unchecked') as Verdict;
  const choose = (value: Verdict) => {
    if (value === 'unqualified') {
      if (current !== 'unqualified' || !item.qualitySubLabel) setChoosingFailure(true);
      return;
    }
    setChoosingFailure(false);
    if (value !== current) void judge(value, '');
  };
  const pickFailure = (name: string) => void judge('unqualified', name).then((done) => done && setChoosingFailure(false));
  return { shown: choosingFailure ? ('unqualified' as const) : current, choosingFailure, choose, pickFailure };
}

export type VerdictState = ReturnType<typeof useVerdict>;
