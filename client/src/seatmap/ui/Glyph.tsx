import { GLYPH_PATHS, type GlyphName } from '../render/glyphs';

/** A map glyph as inline SVG (legend, card): the very path the canvas draws. */
export function Glyph({
  name,
  size = 16,
  colour = 'currentColor',
}: {
  name: GlyphName;
  size?: number;
  colour?: string;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="seatmap-glyph">
      <path d={GLYPH_PATHS[name]} fill={colour} />
    </svg>
  );
}

/** A seat swatch as the map draws it: full size for available, inset for unavailable, with an optional mark. */
export function SeatSwatch({
  fill,
  inset = false,
  mark,
  markColour,
  ring,
}: {
  fill: string;
  inset?: boolean;
  mark?: GlyphName;
  markColour?: string;
  ring?: string;
}) {
  const size = inset ? 12 : 18;
  const off = (22 - size) / 2;
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false" className="seatmap-swatch">
      <rect
        x={off}
        y={off}
        width={size}
        height={size}
        rx={size * 0.3}
        fill={fill}
        stroke={ring}
        strokeWidth={ring ? 2 : 0}
      />
      {mark && (
        <g transform={`translate(${off + size * 0.13} ${off + size * 0.13}) scale(${(size * 0.74) / 24})`}>
          <path d={GLYPH_PATHS[mark]} fill={markColour ?? '#fff'} />
        </g>
      )}
    </svg>
  );
}
