import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import './scanner.css';

/**
 * What the camera looks for: a product's EAN-13 (grab-and-go, a shop's stock), or a QR code (a shop's
 * entrance, an exit pass).
 */
export type ScanKind = 'product' | 'qr';

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options: { formats: string[] }) => DetectorLike;

/**
 * The phone's camera reading a code (docs/grab-and-go.md#scanning): the browser's own BarcodeDetector
 * where it has one (Android Chrome), else the ZXing decoder, loaded only when the camera is opened so
 * the rest of the app never carries it. Typing the code is always offered beside it by the caller.
 */
export function Scanner({
  kind,
  onCode,
  onClose,
}: {
  kind: ScanKind;
  onCode(code: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(onCode);
  done.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stop: () => void = () => {};
    const found = (code: string) => {
      if (stopped) return;
      stopped = true;
      stop();
      done.current(code);
    };
    (async () => {
      const el = video.current;
      if (!el) return;
      const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
      if (Native) {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        stop = () => {
          for (const track of stream.getTracks()) track.stop();
        };
        if (stopped) return stop();
        el.srcObject = stream;
        await el.play();
        const detector = new Native({ formats: kind === 'qr' ? ['qr_code'] : ['ean_13', 'ean_8', 'upc_a'] });
        const tick = async () => {
          if (stopped) return;
          const codes = await detector.detect(el).catch(() => []);
          if (codes[0]) found(codes[0].rawValue);
          else setTimeout(tick, 200);
        };
        void tick();
        return;
      }
      const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
        import('@zxing/browser'),
        import('@zxing/library'),
      ]);
      if (stopped) return;
      const hints = new Map<(typeof DecodeHintType)[keyof typeof DecodeHintType], unknown>([
        [
          DecodeHintType.POSSIBLE_FORMATS,
          kind === 'qr'
            ? [BarcodeFormat.QR_CODE]
            : [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A],
        ],
        [DecodeHintType.TRY_HARDER, true],
      ]);
      const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
      const controls = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        el,
        (result) => {
          if (result) found(result.getText());
        },
      );
      stop = () => controls.stop();
      if (stopped) stop();
    })().catch((error: unknown) => {
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      setProblem(denied ? t('scan.denied') : t('scan.noCamera'));
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [kind, t]);

  return (
    <div className="scanner" data-testid="scanner">
      <video ref={video} className="scanner__video" muted playsInline />
      <p className="muted" role="status">
        {problem ?? (kind === 'qr' ? t('scan.aimQr') : t('scan.aimBarcode'))}
      </p>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('scan.close')}
      </button>
    </div>
  );
}
