/** File types that run code when opened on Windows, macOS or Android. */
const EXECUTABLE = /\.(exe|msi|msix|appx|scr|bat|cmd|pif|hta|vbs|vbe|js|jse|wsf|ps1|jar|apk|dmg|pkg|iso|img|lnk)$/i;
/** Archives: the usual wrapper around a malicious executable. */
const ARCHIVE = /\.(zip|rar|7z)$/i;

function fileName(urlOrName: string): string {
  const withoutQuery = urlOrName.split(/[?#]/)[0] ?? '';
  return withoutQuery.split('/').pop() ?? '';
}

export function isExecutableFile(urlOrName: string): boolean {
  return EXECUTABLE.test(fileName(urlOrName));
}

/** Script files a browser shows as text when a frame opens them (a social SDK's relay frame): only a download link hands them to the system. */
const SHOWN_AS_TEXT = /\.js$/i;

/** An executable a frame cannot show, so the browser downloads it. */
export function isDownloadedByFrame(url: string): boolean {
  return isExecutableFile(url) && !SHOWN_AS_TEXT.test(fileName(url));
}

/** An executable or an archive: what a drive-by download delivers. */
export function isProgramDownload(urlOrName: string): boolean {
  const name = fileName(urlOrName);
  return EXECUTABLE.test(name) || ARCHIVE.test(name);
}
