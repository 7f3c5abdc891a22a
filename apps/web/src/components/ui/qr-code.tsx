import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * The sizes a QR code comes in, in px, with their Tailwind classes: the CSP allows no inline styles, and Tailwind
 * only sees class names written out in full.
 */
const SIZE_CLASSES = {
  192: 'h-48 w-48',
  208: 'h-52 w-52',
} as const;

export type QrCodeSize = keyof typeof SIZE_CLASSES;

export interface QrCodeProps {
  /** The text to encode (an otpauth URI, a link). */
  value: string;
  /** Names the image, and the placeholder while it is drawn. */
  alt: string;
  /** Width and height in px. */
  size: QrCodeSize;
  /** The drawn image's `data-testid`; it also carries `data-value={value}`. */
  testId: string;
}

/**
 * A QR code as a PNG data URL in an <img> (the CSP allows data: images, not inline styles or scripts), on white so
 * that a camera reads it in the dark theme too. Until the code for the current value is drawn, a shimmering
 * placeholder of the same size stands in, named by `alt` and marked busy; a new value draws afresh.
 */
export function QrCode({ value, alt, size, testId }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: size, errorCorrectionLevel: 'M' }).then(
      (src) => {
        if (live) setDrawn({ value, src });
      },
      (error: unknown) => console.error('[qr-code] the QR code could not be drawn', error),
    );
    return () => {
      live = false;
    };
  }, [value, size]);
  const sizeClass = SIZE_CLASSES[size];
  if (!drawn || drawn.value !== value) {
    return (
      <div
        className={`${sizeClass} animate-shimmer rounded-lg bg-surface-muted`}
        role="img"
        aria-label={alt}
        aria-busy="true"
      />
    );
  }
  return (
    <img
      src={drawn.src}
      alt={alt}
      width={size}
      height={size}
      data-testid={testId}
      data-value={value}
      className={`${sizeClass} rounded-lg bg-white p-1 ring-1 ring-line`}
    />
  );
}
