import { useEffect, useState } from 'react';

/** The QR code's size in CSS pixels, drawn at twice that for sharp phone screens. */
export const QR_CODE_PIXELS = 200;

/** The key as an app's manual entry shows it: groups of four, easier to read out and type. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The QR code of an otpauth:// URI as a PNG data URL; the library loads with the first setup (My Account's, or the
 * sign-in's when a company requires two-step verification).
 */
export function useQrCode(uri: string | undefined) {
  const [qrCode, setQrCode] = useState<{ dataUrl?: string; failed?: boolean }>({});
  useEffect(() => {
    if (uri === undefined) return;
    let current = true;
    setQrCode({});
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(uri, { width: QR_CODE_PIXELS, margin: 1, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => {
        if (current) setQrCode({ dataUrl });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (current) setQrCode({ failed: true });
      });
    return () => {
      current = false;
    };
  }, [uri]);
  return qrCode;
}
