import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * The continue-on-phone link as a QR code: a PNG data URL in an <img> (the CSP allows data: images, not inline
 * styles or scripts). A phone's camera app opens the link from it.
 */
export function LinkQrCode({ value, alt }: { value: string; alt: string }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 192, errorCorrectionLevel: 'M' }).then(
      (src) => {
        if (live) setDrawn({ value, src });
      },
      (error: unknown) => console.error('[idv] the QR code could not be drawn', error),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!drawn || drawn.value !== value) {
    return <div className="h-48 w-48 animate-shimmer rounded-lg bg-surface-muted" role="img" aria-label={alt} aria-busy="true" />;
  }
  return (
    <img
      src={drawn.src}
      alt={alt}
      width={192}
      height={192}
      data-testid="idv-qr"
      data-value={value}
      className="h-48 w-48 rounded-lg bg-white p-1 ring-1 ring-line"
    />
  );
}
