import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { asTranslate, featureLabels, seatName } from '../a11y/describe';
import type { SeatMapController } from '../controller';
import { glyphForFeature } from '../render/glyphs';
import { Glyph } from './Glyph';
import { GaStepper } from './Panel';

/**
 * The card next to a hovered (mouse), long-pressed (touch) or focused (keyboard)
 * seat: section, row, seat, price category, price, features. For a standing
 * area: what is left and the quantity picker. Visual only for seats — the
 * screen-reader grid says the same words.
 */
export function SeatCard({
  controller,
  viewport,
}: {
  controller: SeatMapController;
  viewport: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const tr = asTranslate(t);
  const card = useStore(controller.ui, (s) => s.card);
  useStore(controller.ui, (s) => s.selected);
  useStore(controller.ui, (s) => s.ga);
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!card || !el) return setPos(null);
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const gap = 18;
    let left = card.x - w / 2;
    let top = card.y - h - gap;
    if (top < 8) top = card.y + gap;
    left = Math.max(8, Math.min(viewport.width - w - 8, left));
    top = Math.max(8, Math.min(viewport.height - h - 8, top));
    setPos({ left, top });
  }, [card, viewport.width, viewport.height]);

  if (!card) return null;
  const style = pos ? { left: pos.left, top: pos.top } : { left: -9999, top: 0 };

  if (card.kind === 'section') {
    const sum = controller.sectionSummary(card.index);
    const fmt = controller.opts.formatPrice;
    return (
      <div
        ref={ref}
        className={`seatmap-card seatmap-card--section${sum.soldOut ? ' is-sold-out' : ''}`}
        style={style}
        data-testid="section-card"
      >
        <p className="seatmap-card__section">{controller.sectionName(card.index)}</p>
        {sum.minPrice !== null && sum.maxPrice !== null && !sum.soldOut && (
          <p className="seatmap-card__price" data-testid="section-card-prices">
            <strong>
              {sum.minPrice === sum.maxPrice
                ? fmt(sum.minPrice)
                : t('seatmap.section.priceRange', { min: fmt(sum.minPrice), max: fmt(sum.maxPrice) })}
            </strong>
          </p>
        )}
        <p className="seatmap-card__meta" data-testid="section-card-left">
          {sum.soldOut ? t('seatmap.section.soldOut') : t('seatmap.section.left', { count: sum.seatsLeft })}
        </p>
        {!sum.soldOut && <p className="seatmap-card__hint">{t('seatmap.section.hint')}</p>}
      </div>
    );
  }

  if (card.kind === 'ga') {
    const s = card.index;
    const sec = controller.store.sections[s]!;
    const g = controller.groupOfZone(sec.zoneId);
    const price = controller.groupPrice(g);
    const remaining = controller.sync.gaRemaining(s);
    return (
      <div ref={ref} className="seatmap-card seatmap-card--ga" style={style} data-testid="seat-card">
        <p className="seatmap-card__section">{controller.sectionName(s)}</p>
        <p className="seatmap-card__meta">{t('seatmap.ga.standing')}</p>
        {g && (
          <p className="seatmap-card__price">
            <span>{controller.groupName(g)}</span>
            {price !== null && <strong>{controller.opts.formatPrice(price)}</strong>}
          </p>
        )}
        <p className="seatmap-card__meta">
          {remaining === 0 || sec.isSoldOut
            ? t('seatmap.ga.soldOut')
            : remaining !== null
              ? t('seatmap.ga.left', { count: remaining })
              : ''}
        </p>
        {card.sticky && <GaStepper controller={controller} sectionIndex={s} />}
      </div>
    );
  }

  const i = card.index;
  const f = controller.seatFacts(i);
  const features = f.features.filter((c) => glyphForFeature(c) !== null || featureLabels([c], tr).length > 0);
  return (
    <div
      ref={ref}
      className={`seatmap-card seatmap-card--${f.state}`}
      style={style}
      data-testid="seat-card"
      aria-hidden="true"
    >
      <p className="seatmap-card__section">{f.section}</p>
      <p className="seatmap-card__seat">{seatName(f, tr)}</p>
      <p className="seatmap-card__state">
        <span className={`seatmap-card__dot seatmap-card__dot--${f.state}`} />
        {t(`seatmap.state.${f.state}`)}
      </p>
      {f.price && (f.state === 'available' || f.state === 'selected') && (
        <p className="seatmap-card__price">
          <span>{f.group}</span>
          <strong>{f.price}</strong>
        </p>
      )}
      {features.length > 0 && (
        <ul className="seatmap-card__features plain">
          {features.map((code) => {
            const glyph = glyphForFeature(code);
            const label = featureLabels([code], tr)[0];
            if (!label) return null;
            return (
              <li key={code}>
                {glyph && <Glyph name={glyph} size={14} />}
                {label}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
