// Caravan's service worker: the whole bundle, runtime included, cached at
// install so the game loads and plays with no network. tools/build.py fills
// in VERSION and PRECACHE (every file it wrote). Cache-first: files other than
// index.html and the manifest have versioned or content-hashed names, and a
// new release is a new sw.js, which the page offers to load ("an update is
// ready"). Cache names carry the project's prefix and this worker's scope
// (several sites can share an origin, e.g. user.github.io/a/ and /b/); only
// our own old caches are deleted.
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = [] /* PRECACHE */;
const SCOPE = new URL(self.registration.scope);
const PREFIX = "caravan:" + SCOPE.pathname + ":";
const CACHE = PREFIX + VERSION;
const UNVERSIONED = new Set(["./index.html", "./manifest.webmanifest"]);
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async (path) => {
      const url = new URL(path, SCOPE).href;
      // Fixed names must come from the server, never from a stale HTTP cache.
      const response = await fetch(url, { cache: UNVERSIONED.has(path) ? "no-cache" : "default" });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const rest = url.pathname.slice(SCOPE.pathname.length);
  const page = request.mode === "navigate" && (rest === "" || rest === "index.html");
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(page ? INDEX : url.origin + url.pathname);
    return hit || fetch(request);
  })());
});
