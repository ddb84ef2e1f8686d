/** The spec's "video-on-demand is not supported on iOS or Safari": true for those browsers (user-agent test). */
export function isVodUnsupportedBrowser(userAgent: string): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  // iPadOS 13+ says "Macintosh"; desktop Safari says Safari without Chrome/Chromium/Edge/Firefox/Android.
  return /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|FxiOS\/|Edg\/|OPR\/|Android/.test(userAgent);
}
