import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the BarcodeDetector API we use (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorClass | null {
  const found = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return found ?? null;
}

/** The same code read again within this long is the same guest still in front of the camera. */
const SAME_CODE_MS = 3000;

/**
 * The camera path: the back camera into a video, read a few times a second with the browser's BarcodeDetector.
 * Where the browser has none the page says so and the typed path remains (docs/door-checkin.md, "Left to do").
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<'unsupported' | 'denied' | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = { code: '', at: 0 };
    const detector = new Detector({ formats: ['qr_code'] });
    const read = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        const now = performance.now();
        if (found && (found.rawValue !== last.code || now - last.at > SAME_CODE_MS)) {
          last = { code: found.rawValue, at: now };
          latest.current(found.rawValue);
        }
      } catch {
        // A frame not ready yet: the next one.
      }
      if (!stopped) window.setTimeout(() => void read(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void read();
      })
      .catch(() => {
        setProblem('denied');
        setOn(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  return (
    <div className="scan-camera">
      <button
        type="button"
        className="scan-button"
        onClick={() => {
          if (!on && !barcodeDetector()) return setProblem('unsupported');
          setProblem(null);
          setOn(!on);
        }}
      >
        {on ? t('scan.camera.stop') : t('scan.camera.start')}
      </button>
      {problem ? <p className="scan-note">{t(`scan.camera.${problem}`)}</p> : null}
      {on ? <video ref={video} className="scan-video" muted playsInline aria-label={t('scan.camera.video')} /> : null}
    </div>
  );
}
