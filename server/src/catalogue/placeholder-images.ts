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

/**
 * Product pictures are drawn shapes, never emoji text: a machine without an emoji font (many Linux desktops, kiosks)
 * shows an emoji as an empty box. The product's `emoji` column is the key that picks the drawing; an unknown key
 * gets a gift box.
 */
const PRODUCT_ICONS: Record<string, string> = {
  // Popcorn: a striped tub with kernels on top.
  '🍿': `<circle cx="78" cy="66" r="18" fill="#fff8e1"/><circle cx="100" cy="56" r="20" fill="#fffdf3"/><circle cx="122" cy="66" r="18" fill="#fff8e1"/>
  <path d="M58 74h84l-12 88H70z" fill="#ffffff"/><path d="M72 74l8 88M100 74v88M128 74l-8 88" stroke="#d62828" stroke-width="10"/>`,
  // Soft drink: a cup with a lid and a straw.
  '🥤': `<path d="M110 30l14-14" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/><path d="M108 34v24" stroke="#ffffff" stroke-width="8"/>
  <rect x="62" y="56" width="76" height="14" rx="5" fill="#ffffff"/><path d="M68 72h64l-9 96H77z" fill="#e9fbf8"/><rect x="74" y="104" width="52" height="22" rx="4" fill="#1d6f64"/>`,
  // Programme booklet: an open book.
  '📖': `<path d="M100 62c-16-12-38-14-58-10v100c20-4 42-2 58 10z" fill="#ffffff"/><path d="M100 62c16-12 38-14 58-10v100c-20-4-42-2-58 10z" fill="#fdf1ec"/>
  <path d="M100 62v100" stroke="#8c3a22" stroke-width="4"/><path d="M56 80h30M56 96h30M56 112h30M114 80h30M114 96h30M114 112h30" stroke="#8c3a22" stroke-width="4" stroke-linecap="round"/>`,
  // T-shirt.
  '👕': `<path d="M76 44l-38 22 14 30 16-8v74h64V88l16 8 14-30-38-22c-4 12-14 18-24 18s-20-6-24-18z" fill="#ffffff"/>
  <path d="M86 110h28" stroke="#264653" stroke-width="6" stroke-linecap="round"/>`,
};
const GIFT_ICON = `<rect x="52" y="84" width="96" height="76" rx="6" fill="#ffffff"/><rect x="46" y="64" width="108" height="24" rx="6" fill="#ffffff"/>
  <path d="M100 64v96" stroke="#6d2e46" stroke-width="10"/><path d="M100 64c-10-22-36-22-34-6 2 10 22 8 34 6zm0 0c10-22 36-22 34-6-2 10-22 8-34 6z" fill="#ffffff"/>`;

export function productImageSvg(iconKey: string, color: string): string {
  const icon = PRODUCT_ICONS[iconKey] ?? GIFT_ICON;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" aria-hidden="true">
  <rect width="200" height="200" rx="24" fill="${safeColor(color, '#f4a261')}"/>
  ${icon}
</svg>`;
}
