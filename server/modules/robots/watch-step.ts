import { DEFAULT_RULE_WINDOW_SECONDS, RATE_TOLERANCE } from '../../../model/schemas/robot-report';

/** A rule's exact meaning, as its help text gives it: the topic, the rate below which it is slow, the window, and how many checks. */
export interface RuleTerms {
  topic: string;
  frameRate: number | null;
  windowMs: number;
  count: number;
}

export const termsOf = (rule: { lostTopic: string; frameRate: number | null; lossCount: number | null; lossWindow: number | null }): RuleTerms => ({
  topic: rule.lostTopic,
  frameRate: rule.frameRate === null ? null : Number(rule.frameRate),
  windowMs: Number(rule.lossWindow ?? DEFAULT_RULE_WINDOW_SECONDS) * 1000,
  count: Number(rule.lossCount ?? 1),
});

/** A topic as the robot last reported it (null: never). */
export interface TopicSeen {
  rate: number | null;
  lastMessageTime: number | null;
}

/** What one check finds: the topic missing, slow, fine, or in the band between slow and fine (which counts as nothing new). */
export type Finding = { kind: 'missing' | 'slow'; rate: number | null } | { kind: 'clear' } | { kind: 'band' };

/**
 * Missing: no message within the window while the robot was online (a robot back for less than a
 * window has not been silent for one, whatever it sent before it went away: that counts as nothing
 * new). Slow: below the threshold less the tolerance. Back at the threshold: clear.
 */
export function examine(terms: RuleTerms, seen: TopicSeen | null, now: number, onlineSince: number | null = null): Finding {
  const heard = Math.max(seen?.lastMessageTime ?? -Infinity, onlineSince ?? -Infinity);
  if (heard < now - terms.windowMs) return { kind: 'missing', rate: seen?.rate ?? null };
  if (!seen || seen.lastMessageTime === null || seen.lastMessageTime < now - terms.windowMs) return { kind: 'band' };
  if (terms.frameRate === null || seen.rate === null) return { kind: 'clear' };
  if (seen.rate < terms.frameRate * (1 - RATE_TOLERANCE)) return { kind: 'slow', rate: seen.rate };
  return seen.rate >= terms.frameRate ? { kind: 'clear' } : { kind: 'band' };
}

/** Where a rule stands on one robot: the checks (times) the condition held on, and the run of clear checks since it last held. */
export interface Watch {
  holds: number[];
  clears: number[];
  firing: boolean;
}

export const IDLE_WATCH: Watch = { holds: [], clears: [], firing: false };

/**
 * One check of a rule on a robot. It fires once the condition held on `count` checks within the
 * window (a pending period that stops flapping), and resolves once it was clear on `count` checks in
 * a row within the window. A rate in the band counts as the state it is in, so wavering around the
 * threshold neither fires nor resolves.
 */
export function step(watch: Watch, terms: RuleTerms, finding: Finding, now: number): { watch: Watch; event: 'fire' | 'resolve' | null } {
  const recent = (times: number[]) => times.filter((time) => time >= now - terms.windowMs);
  const holding = finding.kind === 'missing' || finding.kind === 'slow' || (finding.kind === 'band' && watch.firing);
  const holds = holding ? [...recent(watch.holds), now] : recent(watch.holds);
  const clears = holding ? [] : [...recent(watch.clears), now];
  if (!watch.firing && holding && holds.length >= terms.count) return { watch: { holds: [], clears: [], firing: true }, event: 'fire' };
  if (watch.firing && !holding && clears.length >= terms.count) return { watch: { holds: [], clears: [], firing: false }, event: 'resolve' };
  return { watch: { holds, clears, firing: watch.firing }, event: null };
}

/** A watch with nothing pending keeps no row. */
export const isIdle = (watch: Watch) => !watch.firing && watch.holds.length === 0;
