import { writeFileSync } from 'node:fs';

/**
 * A camera's view of a barcode for Chromium's fake camera (`--use-file-for-fake-video-capture`): an
 * EAN-13 drawn bar by bar into a few frames of a Y4M video, made here at test time so the journeys
 * download nothing. The encoding is the standard's: a guard, six digits in L/G codes whose mix
 * spells the first digit, a centre guard, six digits in R codes, a guard.
 */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13, '1' for a bar. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const d = [...code].map(Number);
  const parity = PARITY[d[0]!]!;
  let left = '';
  for (let i = 0; i < 6; i++) left += (parity[i] === 'L' ? L : G)[d[i + 1]!];
  let right = '';
  for (let i = 0; i < 6; i++) right += R[d[i + 7]!];
  return `101${left}01010${right}101`;
}

/** Writes a 640×480 Y4M of the barcode, black bars on white, 4 px a module. */
export function writeBarcodeVideo(path: string, code: string): void {
  const W = 640;
  const H = 480;
  const modules = ean13Modules(code);
  const module = 4;
  const x0 = Math.floor((W - modules.length * module) / 2);
  const y = new Uint8Array(W * H).fill(235);
  for (let row = 90; row < 390; row++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] !== '1') continue;
      y.fill(16, row * W + x0 + m * module, row * W + x0 + (m + 1) * module);
    }
  }
  const chroma = new Uint8Array((W / 2) * (H / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const frames: Buffer[] = [header];
  for (let f = 0; f < 5; f++)
    frames.push(Buffer.from('FRAME\n'), Buffer.from(y), Buffer.from(chroma), Buffer.from(chroma));
  writeFileSync(path, Buffer.concat(frames));
}
