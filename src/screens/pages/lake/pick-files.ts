/** Spec §5: recordings only (as src/schemas/upload.ts UPLOAD_EXTENSIONS, kept out of this chunk with its validators). */
export const ACCEPTED_EXTENSIONS = ['.mcap', '.bag'] as const;

/** Why a file cannot be uploaded (the server's own message key), or undefined when it can. */
export function refusalOf(file: Pick<File, 'name' | 'size'>): string | undefined {
  if (!ACCEPTED_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension))) return 'lake:errors.extension';
  if (file.size < 1) return 'lake:errors.empty';
  return undefined;
}

/** The files chosen, split into those that go and those refused (each with its reason); a file chosen twice counts once. */
export function pickFiles(chosen: readonly File[], already: readonly File[] = []) {
  const same = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
  const accepted: File[] = [];
  const refused: { file: File; reason: string }[] = [];
  for (const file of chosen) {
    const reason = refusalOf(file);
    if (reason) refused.push({ file, reason });
    else if (![...already, ...accepted].some((other) => same(other, file))) accepted.push(file);
  }
  return { accepted, refused };
}
