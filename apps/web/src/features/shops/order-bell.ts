/**
 * The board's bell for a new order (docs/shops.md#the-order-board): two short tones and a buzz. A
 * browser plays sound only after a tap on the page, so the board asks for one ("Turn on the order
 * bell") and keeps the audio context it opened; until then, and on phones with the sound off, the
 * vibration and the on-screen toast still say it.
 */
let context: AudioContext | null = null;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** Opens the audio context from a tap; answers whether sound can now play. */
export function enableBell(): boolean {
  const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
  if (!Ctor) return false;
  context ??= new Ctor();
  void context.resume().catch(() => undefined);
  return true;
}

export const bellEnabled = (): boolean => context !== null && context.state !== 'closed';

export function ringBell(): void {
  navigator.vibrate?.([200, 100, 200]);
  if (context?.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, hz] of [
    [0, 880],
    [0.25, 1175],
  ] as const) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    osc.connect(gain).connect(context.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.22);
  }
}
