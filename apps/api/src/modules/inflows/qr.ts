import QRCode from 'qrcode';

/* A route URL's QR code, made here (no network): PNG or SVG, error correction M, a quiet zone of 4 modules. */

const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

export function qrPng(text: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: size });
}

export function qrSvg(text: string, size: number): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg', width: size });
}
