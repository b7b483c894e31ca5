/**
 * Plain constants the console's lists read, kept apart from the zod schemas that use them so that
 * importing one does not bring the validator into a list's first load.
 */

/** An id in a query string: plain decimal digits (no sign, leading zero, exponent or hex) of a positive safe integer. */
export const ID_DIGITS = /^[1-9][0-9]{0,15}$/;

/** List totals count at most this many rows (DESIGN: an exact count of a large space costs 40-70 ms); beyond, "10,000+". */
export const TOTAL_CAP = 10_000;

/** An MD5 in hex. */
export const HEX32 = /^[0-9a-fA-F]{32}$/;

/** Spec §5 "official version" form: numbers.numbers.numbers (1.0.0); a dataset version's name. */
export const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

/** Spec §5's rule for a model's file names, held by every file a run stores: letters, digits, underscore, hyphen, period (not dots alone, which a file system reads as a directory). */
export const FILE_NAME = /^(?!\.+$)[A-Za-z0-9_.-]+$/;

/** Spec §5: filtered data per dataset for processing or evaluation, 1 to 2000. */
export const FILTERED_DATA = { min: 1, max: 2000 } as const;
