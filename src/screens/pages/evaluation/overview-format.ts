/** A share as whole percent: 0.756 → "76%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A rate with its interval: "75% (41–93%)". */
export const rateWithInterval = (row: { rate: number; low: number; high: number }) =>
  `${percent(row.rate)} (${Math.round(row.low * 100)}–${percent(row.high)})`;

/** Points of difference, signed: 0.37 → "+37", -0.05 → "−5". */
const points = (share: number) => {
  const value = Math.round(share * 100);
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
};

/** A difference of rates with its interval, in points: "+37 (+5 – +70)". */
export const differenceText = (difference: { difference: number; low: number; high: number }) =>
  `${points(difference.difference)} (${points(difference.low)} – ${points(difference.high)})`;

/** A robot with its arms: "UR5E-A012 · L1 / R1", or the robot alone. */
export const robotText = (row: { robotSn: string; leftArmSn: string; rightArmSn: string }) =>
  row.leftArmSn || row.rightArmSn ? `${row.robotSn} · ${row.leftArmSn || '—'} / ${row.rightArmSn || '—'}` : row.robotSn;
