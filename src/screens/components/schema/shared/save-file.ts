/** Hands the browser a file to save: a link's, or a blob's object URL. */
export const clickDownload = (href: string, fileName: string) => Object.assign(document.createElement('a'), { href, download: fileName }).click();

/** Offers a blob as a file to save. */
export function saveBlob(fileName: string, blob: Blob): void {
  const href = URL.createObjectURL(blob);
  clickDownload(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Offers a text as a file to save. */
export const saveText = (fileName: string, text: string, type = 'text/plain') => saveBlob(fileName, new Blob([text], { type }));
