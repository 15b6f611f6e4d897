import { useEffect, useState } from 'react';

/** A QR code drawn on the device (the `qrcode` package, loaded with the pass only). */
export function QrImage({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QR) => QR.toDataURL(text, { margin: 2, width: size, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? (
    <img className="qr" src={src} width={size} height={size} alt={label} data-testid="qr" />
  ) : (
    <div className="qr qr--placeholder" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
