import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrReader } from './qr-reader';

/** The same code read again within this long is the same guest still in front of the camera. */
const SAME_CODE_MS = 3000;

/**
 * The camera path: the back camera into a video, its frames read a few times a second (qr-reader.ts). Without a
 * camera (or permission) the page says so and the typed path remains.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [denied, setDenied] = useState(false);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = { code: '', at: 0 };
    const start = async () => {
      const read = await qrReader();
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      while (!stopped) {
        const code = await read(video.current).catch(() => null);
        const now = performance.now();
        if (code && (code !== last.code || now - last.at > SAME_CODE_MS)) {
          last = { code, at: now };
          latest.current(code);
        }
        await new Promise((resolve) => window.setTimeout(resolve, 200));
      }
    };
    start().catch(() => {
      if (stopped) return;
      setDenied(true);
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
          setDenied(false);
          setOn(!on);
        }}
      >
        {on ? t('scan.camera.stop') : t('scan.camera.start')}
      </button>
      {denied ? <p className="scan-note">{t('scan.camera.denied')}</p> : null}
      {on ? <video ref={video} className="scan-video" muted playsInline aria-label={t('scan.camera.video')} /> : null}
    </div>
  );
}
