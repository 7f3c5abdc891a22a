import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The otpauth URI as a PNG data URL (the CSP allows data: images, not inline styles or scripts). */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 208, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      (error: unknown) => console.error('[settings] the QR code could not be drawn', error),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div className="h-52 w-52 animate-shimmer rounded-lg bg-surface-muted" aria-hidden="true" />;
  return <img src={src} alt={alt} width={208} height={208} data-testid="totp-qr" className="h-52 w-52 rounded-lg bg-white" />;
}
