/** Column names are the snake_case of field names (Kysely's CamelCasePlugin maps them back). */
export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Identifiers we build DDL from come from declarations, never from requests; still, refuse anything odd. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}
