import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events; touch-action
 * none so the page does not scroll while signing). The drawing is posted as a PNG
 * data URL; "Clear signature" starts over. Keyboard users can sign with their typed
 * name instead (drawn onto the same pad), so nobody needs a pointer to sign.
 */
export function SignaturePad({
  label,
  typedName,
  onChange,
}: {
  label: string;
  typedName: string;
  onChange: (png: string | null) => void;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  }, []);

  const context = () => {
    const ctx = canvasRef.current!.getContext('2d')!;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#121722';
    return ctx;
  };
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const publish = () => onChange(canvasRef.current!.toDataURL('image/png'));

  const clear = () => {
    const canvas = canvasRef.current!;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
    onChange(null);
  };

  const signWithName = () => {
    clear();
    const canvas = canvasRef.current!;
    const ctx = context();
    ctx.fillStyle = '#121722';
    ctx.font = `italic 28px 'Segoe Script', 'Brush Script MT', cursive`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(typedName, canvas.clientWidth / 2, canvas.clientHeight / 2, canvas.clientWidth - 24);
    publish();
  };

  return (
    <div className="signature">
      <canvas
        ref={canvasRef}
        className="signature__pad"
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={(e) => {
          try {
            e.currentTarget.setPointerCapture(e.pointerId);
          } catch {
            // Not an active pointer (a synthetic event): drawing works without the capture.
          }
          const p = point(e);
          drawing.current = { id: e.pointerId, ...p };
          const ctx = context();
          ctx.beginPath();
          ctx.arc(p.x, p.y, 1, 0, Math.PI * 2);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          const d = drawing.current;
          if (!d || d.id !== e.pointerId) return;
          const p = point(e);
          const ctx = context();
          ctx.beginPath();
          ctx.moveTo(d.x, d.y);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
          drawing.current = { id: d.id, ...p };
        }}
        onPointerUp={() => {
          if (drawing.current) publish();
          drawing.current = null;
        }}
        onPointerCancel={() => {
          drawing.current = null;
        }}
      />
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={clear}>
          {t('waiver.clearSignature')}
        </button>
        <button type="button" className="button button--secondary" onClick={signWithName} disabled={!typedName.trim()}>
          {t('waiver.signWithName')}
        </button>
      </div>
    </div>
  );
}
