// Bench of the bulk export of a built site: bytes and files per format, and the largest file downloaded through a
// gateway process (a child, so its memory is its own) while its RSS is sampled: the download rate against reading
// the same file from disk, and whether the gateway's memory stays flat (streamed, never buffered whole).
//   npx tsx bench/bulk.ts <siteRoot>      (run.ts calls it after the build)
import { execFile, spawn } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { BulkManifest } from '../build/bulk/write-bulk.ts';

export interface BulkBench {
  files: number;
  bytesByFormat: Record<string, number>;
  download: { file: string; mb: number; diskMbPerS: number; gatewayMbPerS: number; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number };
}

/** Measure the bulk export of the live export under `siteRoot`. */
export async function benchBulk(siteRoot: string, port = 3187): Promise<BulkBench> {
  const dir = path.join(siteRoot, 'current', 'bulk');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BulkManifest;
  const bytesByFormat: Record<string, number> = {};
  for (const f of manifest.files) bytesByFormat[f.format] = (bytesByFormat[f.format] ?? 0) + f.bytes;
  const largest = [...manifest.files].sort((a, b) => b.bytes - a.bytes)[0]!;
  const file = path.join(dir, largest.name);

  const diskStart = performance.now();
  for await (const _chunk of createReadStream(file, { highWaterMark: 1 << 20 })) { /* read only */ }
  const diskSeconds = (performance.now() - diskStart) / 1000;

  const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/server.ts'], {
    env: { ...process.env, SITE_DIR: siteRoot, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1', RATE_LIMIT_ANON: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await _waitFor(`http://127.0.0.1:${port}/api/v1/`);
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${gateway.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 50);
    // curl reads the download in its own process (Node's fetch, measured the same way, tops out near 200 MB/s itself
    // and would hide the gateway's rate)
    const url = `http://127.0.0.1:${port}/api/v1/bulk/${manifest.export_date}/${largest.name}`;
    const out = await new Promise<string>((resolve, reject) => execFile('curl', ['-sS', '-o', '/dev/null', '-w', '%{size_download} %{time_total}', url],
      (error, stdout) => (error ? reject(error) : resolve(stdout))));
    const [got, seconds] = out.trim().split(' ').map(Number) as [number, number];
    clearInterval(sampler);
    if (got !== largest.bytes) throw new Error(`downloaded ${got} bytes of ${largest.bytes}`);
    const mb = largest.bytes / 1e6;
    return {
      files: manifest.files.length,
      bytesByFormat,
      download: { file: largest.name, mb: +mb.toFixed(1), diskMbPerS: +(mb / diskSeconds).toFixed(0), gatewayMbPerS: +(mb / seconds).toFixed(0),
        rssBeforeMb: Math.round(before), rssPeakMb: Math.round(peak), rssAfterMb: Math.round(rss()) },
    };
  } finally {
    gateway.kill('SIGTERM');
  }
}

async function _waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`gateway did not answer ${url}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchBulk(path.resolve(process.argv[2] ?? 'site')), null, 2));
}
