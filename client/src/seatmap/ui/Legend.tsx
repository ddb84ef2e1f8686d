import { SEAT_FEATURE_CODES } from '@hotline/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { SeatMapController } from '../controller';
import { featureCodesOf } from '../model/features';
import { FEATURE_GLYPHS, type GlyphName } from '../render/glyphs';
import { Paint } from '../render/palette';
import { Glyph, SeatSwatch } from './Glyph';

/** Price categories (ticket groups with their price in ₪), what the seat states look like, and the feature glyphs in this plan. */
export function Legend({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const paletteVersion = useStore(controller.ui, (s) => s.paletteVersion);
  const scene = controller.scene;
  const pal = scene.palette;
  // Changing an order: the order's seats, the new one, and the slashed look meaning "not for this change".
  const changing = controller.change.active;

  const { zones, glyphs, hasBlocked, hasCouch } = useMemo(() => {
    const st = controller.store;
    const zoneSeen = new Set<number>(scene.zonesWithSeats);
    for (const sec of st.sections) if (!sec.isReserved && sec.zoneId !== null) zoneSeen.add(sec.zoneId);
    const codes = new Set(featureCodesOf(scene.featureUnion));
    const glyphList: { glyph: GlyphName; code: number }[] = [];
    const seenGlyph = new Set<GlyphName>();
    for (const g of FEATURE_GLYPHS) {
      if (!codes.has(g.code) || seenGlyph.has(g.glyph) || g.glyph === 'couch') continue;
      seenGlyph.add(g.glyph);
      glyphList.push(g);
    }
    const zoneList = scene.zoneIds
      .map((zoneId, k) => ({ zoneId, k }))
      .filter(({ zoneId }) => zoneSeen.has(zoneId) && controller.groupByZone.has(zoneId));
    return {
      zones: zoneList,
      glyphs: glyphList,
      hasBlocked: controller.presentation.seatingPolicyId === 3,
      hasCouch: codes.has(SEAT_FEATURE_CODES.isCouch),
    };
    // paletteVersion: ticket groups or layout changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, paletteVersion]);

  return (
    <section className="seatmap-legend" aria-labelledby="seatmap-legend-title">
      <h2 id="seatmap-legend-title" className="seatmap-panel__title">
        {t('seatmap.legend.title')}
      </h2>
      <ul className="seatmap-legend__list plain">
        {zones.map(({ zoneId, k }) => {
          const g = controller.groupByZone.get(zoneId)!;
          const price = controller.groupPrice(g);
          const fill = scene.colours[Paint.AvailableBase + k]!;
          return (
            <li key={zoneId} className="seatmap-legend__item seatmap-legend__item--price">
              <SeatSwatch fill={fill} />
              <span className="seatmap-legend__name">{controller.groupName(g)}</span>
              {price !== null && <span className="seatmap-legend__price">{controller.opts.formatPrice(price)}</span>}
            </li>
          );
        })}
      </ul>
      <p className="seatmap-legend__note" data-testid="legend-all-in">
        {t('seatmap.legend.allIn')}
      </p>
      <ul className="seatmap-legend__list seatmap-legend__list--key plain">
        {changing && (
          <li className="seatmap-legend__item" data-testid="legend-yours">
            <SeatSwatch fill={pal.yours} mark="person" markColour={pal.yoursMark} ring={pal.yoursRing} />
            <span>{t('seatmap.legend.yours')}</span>
          </li>
        )}
        <li className="seatmap-legend__item">
          <SeatSwatch fill={pal.selected} mark="check" markColour={pal.selectedMark} ring={pal.selectedRing} />
          <span>{t(changing ? 'seatmap.legend.newSeat' : 'seatmap.legend.selected')}</span>
        </li>
        {changing && (
          <li className="seatmap-legend__item" data-testid="legend-not-for-change">
            <SeatSwatch fill={pal.blocked} inset mark="slash" markColour={pal.blockedMark} />
            <span>{t('seatmap.legend.notForChange')}</span>
          </li>
        )}
        <li className="seatmap-legend__item">
          <SeatSwatch fill={pal.unavailable} inset />
          <span>{t('seatmap.legend.unavailable')}</span>
        </li>
        {hasBlocked && !changing && (
          <li className="seatmap-legend__item">
            <SeatSwatch fill={pal.blocked} inset mark="slash" markColour={pal.blockedMark} />
            <span>{t('seatmap.legend.blocked')}</span>
          </li>
        )}
        <li className="seatmap-legend__item">
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="8" fill={pal.flash} fillOpacity="0.45" stroke={pal.flash} strokeWidth="2" />
          </svg>
          <span>{t('seatmap.legend.justTaken')}</span>
        </li>
        {hasCouch && (
          <li className="seatmap-legend__item">
            <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
              <rect
                x="1.5"
                y="5.5"
                width="19"
                height="11"
                rx="4"
                fill="none"
                stroke={pal.couchStroke}
                strokeWidth="1.5"
              />
              <rect x="3.5" y="7.5" width="7" height="7" rx="2" fill={pal.zoneFallbacks[1]} />
              <rect x="11.5" y="7.5" width="7" height="7" rx="2" fill={pal.zoneFallbacks[1]} />
            </svg>
            <span>{t('seatmap.legend.couch')}</span>
          </li>
        )}
        {glyphs.map(({ glyph, code }) => (
          <li key={glyph} className="seatmap-legend__item">
            <span className="seatmap-legend__glyph">
              <Glyph name={glyph} size={15} />
            </span>
            <span>{t(`seatmap.features.${featureKey(code)}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function featureKey(code: number): string {
  return Object.entries(SEAT_FEATURE_CODES).find(([, c]) => c === code)?.[0] ?? 'isPremium';
}
