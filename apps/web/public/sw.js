/*
 * Tulip Presenze — service worker of the mobile clock-in page (registered by /mobile with scope
 * /mobile). It keeps the app shell so the page opens without a connection:
 * - /api/*: never touched (the browser goes to the network; API answers are never cached);
 * - page loads: network first, the cached shell when offline;
 * - /assets/* (hashed file names): cache first;
 * - other static files (icons, manifest): network first, cached copy when offline.
 * The page posts the list of files it loaded ({type: 'tulip-precache', urls}); they are cached and
 * assets of older builds are dropped.
 */
const CACHE = 'tulip-mobile-v1';
const SHELL = '/mobile';
const STATIC = ['/mobile', '/manifest.webmanifest', '/favicon.svg', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');
const cacheable = (res) => res && res.ok && res.type === 'basic';

async function put(cache, key, res) {
  try {
    await cache.put(key, res);
  } catch {
    /* quota: the page still works online */
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        STATIC.map(async (url) => {
          try {
            const res = await fetch(url, { cache: 'no-cache' });
            if (cacheable(res)) await put(cache, url, res);
          } catch {
            /* offline during install: cached later */
          }
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.filter((k) => k.startsWith('tulip-mobile-') && k !== CACHE).map((k) => caches.delete(k)));
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (cacheable(res)) await put(cache, key, res.clone());
    return res;
  } catch (err) {
    const hit = (await cache.match(key)) || (await cache.match(request, { ignoreSearch: true }));
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (cacheable(res)) await put(cache, request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

async function precache(urls) {
  const cache = await caches.open(CACHE);
  const keep = new Set();
  for (const u of urls) {
    let url;
    try {
      url = new URL(u, self.location.origin);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin || isApi(url)) continue;
    const key = url.pathname === SHELL ? SHELL : url.pathname + url.search;
    keep.add(key);
    if (await cache.match(key)) continue;
    try {
      const res = await fetch(key);
      if (cacheable(res)) await put(cache, key, res);
    } catch {
      /* offline: next time */
    }
  }
  // Drop the hashed files of older builds (the page just told which ones it uses).
  for (const req of await cache.keys()) {
    const path = new URL(req.url).pathname;
    if (path.startsWith('/assets/') && !keep.has(path)) await cache.delete(req);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'tulip-precache' || !Array.isArray(data.urls)) return;
  event.waitUntil(precache(data.urls.filter((u) => typeof u === 'string').slice(0, 300)));
});
