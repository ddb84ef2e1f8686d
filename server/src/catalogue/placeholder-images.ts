/** Generated SVG posters, so the demo has images without shipping binaries or calling out. */
const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function safeColor(value: string | undefined, fallback: string): string {
  return value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
}

export function featurePosterSvg(name: string, nameEn: string, colors: string): string {
  const [a, b] = colors.split(',');
  const from = safeColor(a, '#1d3557');
  const to = safeColor(b, '#e63946');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="${escapeXml(nameEn)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="400" height="600" fill="url(#g)"/>
  <text x="200" y="290" font-family="Arial, sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle" direction="rtl">${escapeXml(name)}</text>
  <text x="200" y="340" font-family="Arial, sans-serif" font-size="22" fill="#fff" fill-opacity="0.85" text-anchor="middle">${escapeXml(nameEn)}</text>
</svg>`;
}

export function productImageSvg(emoji: string, color: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img">
  <rect width="200" height="200" rx="24" fill="${safeColor(color, '#f4a261')}"/>
  <text x="100" y="128" font-size="96" text-anchor="middle">${escapeXml(emoji)}</text>
</svg>`;
}
