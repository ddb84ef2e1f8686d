import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRotatingCode, ROTATING_STEP_SECONDS, rotationStep } from '@hotline/shared';
import { rotatingDigits } from '../lib/rotating-digits';

const STEP_MS = ROTATING_STEP_SECONDS * 1000;

/**
 * The rotating door code (docs/door-checkin.md, "The rotating code"): for a show that asks for it, the QR code is
 * made on the phone from the ticket's secret and changes every 15 s, so a screenshot or a forwarded copy stops
 * opening the door within a minute. Made on the phone, it keeps changing without the network (a hall without
 * reception); the phone's clock may be up to 45 s off.
 */
export function RotatingQrCode({ ticketIdentifier, secret }: { ticketIdentifier: string; secret: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = async () => {
      const now = Date.now();
      const step = rotationStep(now);
      const digits = (await rotatingDigits(secret, [step])).get(step);
      // The encoder is loaded only by pages with a rotating ticket.
      const { default: QRCode } = await import('qrcode');
      if (!current || !digits) return;
      setSvg(
        await QRCode.toString(formatRotatingCode(ticketIdentifier, digits), {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 1,
        }),
      );
      timer = setTimeout(() => void draw(), (step + 1) * STEP_MS - now + 50);
    };
    void draw();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [secret, ticketIdentifier]);

  return (
    <figure className="eticket__rotating" data-rotating-code="">
      {svg ? (
        <img
          className="eticket__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('edocument.qrAlt', { id: ticketIdentifier })}
          width="168"
          height="168"
        />
      ) : (
        <div className="eticket__qr" aria-hidden="true" />
      )}
      <figcaption className="eticket__rotating-note">{t('edocument.rotatingNote')}</figcaption>
    </figure>
  );
}
