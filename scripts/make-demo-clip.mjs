// Makes the video-on-demand demo clip (server/assets/vod/demo-clip.webm) without a video encoder on the
// machine: Debian's Chromium draws a few seconds of animation on a canvas and records it with MediaRecorder
// (VP8 in WebM). Run once: `node scripts/make-demo-clip.mjs`; the result is committed (a few tens of KB).
/* global document, MediaRecorder, requestAnimationFrame -- the evaluate() callback runs in the browser */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '..', 'server', 'assets', 'vod', 'demo-clip.webm');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();
const base64 = await page.evaluate(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start(250);
  const started = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - started) / 1000;
      g.fillStyle = '#1b2340';
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#f2b134';
      g.beginPath();
      g.arc(160 + Math.cos(t * 2) * 100, 90 + Math.sin(t * 3) * 50, 18, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = 'bold 20px sans-serif';
      g.fillText('HOTLINE DEMO', 90, 30);
      g.font = '14px sans-serif';
      g.fillText(`SIMULATED STREAM  ${t.toFixed(1)} s`, 70, 165);
      if (t < 6) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await done;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
});
await browser.close();
writeFileSync(out, Buffer.from(base64, 'base64'));
console.log(`wrote ${out} (${Buffer.from(base64, 'base64').length} bytes)`);
