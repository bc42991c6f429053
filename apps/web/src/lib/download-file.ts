/** Hands text built in the browser, or a file fetched with the session, to the browser's download as `fileName`. */
export function downloadFile(fileName: string, text: string | Blob, type: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(doc.createElement('a'), { href: url, download: fileName });
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
