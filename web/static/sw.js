// Caravan's service worker: the whole bundle, runtime included, cached at
// install so the game loads and plays with no network. tools/build.py fills
// in VERSION (the release id, also stamped into index.html), PRECACHE
// (every file it wrote) and MEGABYTES (their size, said when storage is full).
// Cache-first: files other than index.html and the manifest have versioned or
// content-hashed names, and a new release is a new sw.js, which the page
// offers to load ("an update is ready").
//
// A release is cached whole or not at all. A deploy can land while a worker
// installs, so the fixed names are fetched from the server (never from the
// HTTP cache) and kept only if they belong to this worker's release: an
// index.html stamped with VERSION, a manifest whose icons are in PRECACHE.
// If any file fails, this release's cache is deleted, the open pages are told
// why, and the install fails: the worker in control and its cache go on
// untouched. Cache names carry the project's prefix and this worker's scope
// (several sites can share an origin, e.g. user.github.io/a/ and /b/); only
// our own old caches are deleted, once a new release is in control.
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = [] /* PRECACHE */;
const MEGABYTES = 0 /* MEGABYTES */;
const SCOPE = new URL(self.registration.scope);
const PREFIX = "caravan:" + SCOPE.pathname + ":";
const CACHE = PREFIX + VERSION;
const UNVERSIONED = new Set(["./index.html", "./manifest.webmanifest"]);
const INDEX = new URL("./index.html", SCOPE).href;
const STAMP = `<meta name="caravan-release" content="${VERSION}">`;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, SCOPE).href));

const OTHER_RELEASE = "the server already has another version (it is being published)";

// A file this release cannot cache; its message is what the page shows.
class Refused extends Error {}

async function check(path, response) {
  if (!response.ok) throw new Refused(`${path.slice(2)}: the server answered ${response.status}`);
  if (path === "./index.html" && !(await response.clone().text()).includes(STAMP)) {
    throw new Refused(OTHER_RELEASE);
  }
  if (path === "./manifest.webmanifest") {
    const icons = (await response.clone().json()).icons || [];
    if (icons.some((icon) => !PRECACHED.has(new URL(icon.src, SCOPE).href))) throw new Refused(OTHER_RELEASE);
  }
}

function plain(path, error) {
  if (error && error.name === "QuotaExceededError") {
    return `the browser has no room left to store the game (about ${MEGABYTES} MB)`;
  }
  return `${path.slice(2)} did not download (${(error && error.message) || error})`;
}

async function install() {
  const cache = await caches.open(CACHE);
  const stop = new AbortController();
  let reason = "";
  await Promise.all(PRECACHE.map(async (path) => {
    try {
      const url = new URL(path, SCOPE).href;
      const response = await fetch(url, { cache: UNVERSIONED.has(path) ? "reload" : "default", signal: stop.signal });
      await check(path, response);
      await cache.put(url, response);
    } catch (e) {
      if (!reason) {
        reason = e instanceof Refused ? e.message : plain(path, e);
        stop.abort();  // the rest is not needed any more
      }
    }
  }));
  if (!reason) return;
  // Every download has settled (or been aborted): nothing writes to the cache any more.
  await caches.delete(CACHE);
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ caravan: "install-failed", release: VERSION, reason });
  throw new Error(`release ${VERSION} not installed: ${reason}`);
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
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
    // Only this release's cache (caches.match with a name creates no cache).
    const hit = await caches.match(page ? INDEX : url.origin + url.pathname, { cacheName: CACHE });
    return hit || fetch(request);
  })());
});
