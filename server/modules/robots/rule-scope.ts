import { sql } from 'kysely';
import type { RuleRow } from './alarms';

interface Scope {
  /** The robot's field the rule names robots by, as a record has it and as the `robots` table's column. */
  field: 'robotType' | 'sn';
  column: 'robot_type' | 'sn';
  /** The values of that field the rule watches. */
  values: (rule: RuleRow) => string[];
}

/** Which robots a rule watches: one type, the listed serials, or (none of these) all of its space's. */
const SCOPES: Record<string, Scope> = {
  robotType: { field: 'robotType', column: 'robot_type', values: (rule) => [rule.robotType] },
  robots: { field: 'sn', column: 'sn', values: (rule) => rule.robotSns },
};

/** Whether a rule watches a robot, for a robot already read. */
export function applies(rule: RuleRow, target: { sn: string; robotType: string }): boolean {
  const scope = SCOPES[rule.appliesTo];
  return !scope || scope.values(rule).includes(target[scope.field]);
}

/** The same, as a condition on the `robots` table under the alias `r`, for robots still in the database. */
export function appliesSql(rule: RuleRow) {
  const scope = SCOPES[rule.appliesTo];
  return scope ? sql<boolean>`${sql.ref(`r.${scope.column}`)} = any(${scope.values(rule)}::text[])` : sql<boolean>`true`;
}
