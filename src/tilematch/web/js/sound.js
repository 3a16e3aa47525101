// @ts-check
// Synthesised sounds (Web Audio): a short "snap" on a match, a soft low tone on a
// refused pick, a dry crack for a stone, a rising chime for a cleared board or a
// won game, an optional calm ambient pad. No audio files, nothing to download.

import { getSettings, onSettings } from "./storage.js";

/** @type {AudioContext | null} */
let ctx = null;
/** @type {{gain: GainNode, nodes: AudioScheduledSourceNode[]} | null} */
let ambient = null;

function audio() {
  if (!ctx) {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

function noiseBuffer(ac, seconds) {
  const buffer = ac.createBuffer(1, Math.floor(ac.sampleRate * seconds), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  return buffer;
}

/** Two polished stones meeting: a bright filtered click plus a short resonant knock. */
export function snap(combo = 1) {
  if (!getSettings().sound) return;
  const ac = audio();
  if (!ac) return;
  const t = ac.currentTime;
  const src = ac.createBufferSource();
  src.buffer = noiseBuffer(ac, 0.06);
  const band = ac.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 3200;
  band.Q.value = 1.4;
  const g1 = ac.createGain();
  g1.gain.setValueAtTime(0.55, t);
  g1.gain.exponentialRampToValueAtTime(0.001, t + 0.06);
  src.connect(band).connect(g1).connect(ac.destination);
  src.start(t);

  const osc = ac.createOscillator();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(880 * (1 + 0.06 * Math.min(combo - 1, 7)), t);
  osc.frequency.exponentialRampToValueAtTime(520, t + 0.09);
  const g2 = ac.createGain();
  g2.gain.setValueAtTime(0.18, t);
  g2.gain.exponentialRampToValueAtTime(0.001, t + 0.12);
  osc.connect(g2).connect(ac.destination);
  osc.start(t);
  osc.stop(t + 0.13);
}

/** A soft, low "no". */
export function refuse() {
  if (!getSettings().sound) return;
  const ac = audio();
  if (!ac) return;
  const t = ac.currentTime;
  const osc = ac.createOscillator();
  osc.type = "sine";
  osc.frequency.setValueAtTime(220, t);
  osc.frequency.linearRampToValueAtTime(170, t + 0.15);
  const g = ac.createGain();
  g.gain.setValueAtTime(0.12, t);
  g.gain.exponentialRampToValueAtTime(0.001, t + 0.18);
  osc.connect(g).connect(ac.destination);
  osc.start(t);
  osc.stop(t + 0.2);
}

/** A stone cracking: a short, dry burst of low noise. */
export function crack() {
  if (!getSettings().sound) return;
  const ac = audio();
  if (!ac) return;
  const t = ac.currentTime;
  const src = ac.createBufferSource();
  src.buffer = noiseBuffer(ac, 0.12);
  const low = ac.createBiquadFilter();
  low.type = "lowpass";
  low.frequency.value = 900;
  const g = ac.createGain();
  g.gain.setValueAtTime(0.5, t);
  g.gain.exponentialRampToValueAtTime(0.001, t + 0.12);
  src.connect(low).connect(g).connect(ac.destination);
  src.start(t);
}

/** A rising chime of `notes` soft tones: three for a cleared board, five for a won game. */
export function chime(notes = 3) {
  if (!getSettings().sound) return;
  const ac = audio();
  if (!ac) return;
  const start = ac.currentTime;
  [523.3, 659.3, 784, 1046.5, 1318.5].slice(0, notes).forEach((f, i) => {
    const t = start + i * 0.09;
    const osc = ac.createOscillator();
    osc.type = "sine";
    osc.frequency.value = f;
    const g = ac.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(0.14, t + 0.02);
    g.gain.exponentialRampToValueAtTime(0.001, t + 0.5);
    osc.connect(g).connect(ac.destination);
    osc.start(t);
    osc.stop(t + 0.55);
  });
}

/** Start or stop the ambient pad (a slow chord with a breathing filter). */
export function setAmbient(on) {
  if (!on) {
    if (ambient) {
      const { gain, nodes } = ambient;
      const t = /** @type {AudioContext} */ (ctx).currentTime;
      gain.gain.linearRampToValueAtTime(0, t + 0.8);
      setTimeout(() => nodes.forEach((n) => n.stop()), 900);
      ambient = null;
    }
    return;
  }
  if (ambient) return;
  const ac = audio();
  if (!ac) return;
  const gain = ac.createGain();
  gain.gain.value = 0;
  gain.gain.linearRampToValueAtTime(0.035, ac.currentTime + 3);
  const filter = ac.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.value = 700;
  const lfo = ac.createOscillator();
  lfo.frequency.value = 0.07;
  const lfoGain = ac.createGain();
  lfoGain.gain.value = 300;
  lfo.connect(lfoGain).connect(filter.frequency);
  const nodes = [lfo];
  for (const f of [110, 164.8, 220, 277.2]) {
    const o = ac.createOscillator();
    o.type = "sine";
    o.frequency.value = f;
    o.detune.value = (Math.random() - 0.5) * 8;
    o.connect(filter);
    nodes.push(o);
  }
  filter.connect(gain).connect(ac.destination);
  nodes.forEach((n) => n.start());
  ambient = { gain, nodes };
}

/** Keep the ambient pad in step with the setting (browsers need a user gesture first). */
export function initSound() {
  const sync = (s) => setAmbient(Boolean(s.ambient));
  onSettings(sync);
  const start = () => {
    if (getSettings().ambient) setAmbient(true);
  };
  window.addEventListener("pointerdown", start, { once: true });
  window.addEventListener("keydown", start, { once: true });
}
