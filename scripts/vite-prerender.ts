// Build-time prerendering of the public pages (docs/architecture.md "Prerendering"), as a Vite
// plugin: after the client build, each route of src/prerender/prerendered-routes.ts is rendered in
// Node with the app's own components (src/prerender/render-page.tsx, loaded through Vite) and
// written into the HTML a static host serves, so the page is painted before its JavaScript has run.
//
// - dist/index.html holds the home page (it is "/"), and, because static hosts answer every
//   other path with it, the routes with parameters (/projects/:id …) and the signed-in pages'
//   frame as <template>s: a small inline script puts the one matching the address into #root
//   before the first paint.
// - dist/<route>/index.html for the routes without parameters (/projects, /challenges …), which
//   hosts serve for /<route> directly.
// - Each names the chunks its page needs as <link rel="modulepreload" fetchpriority="low">, so
//   they download with the entry instead of after it, yet leave a slow phone's bandwidth to the
//   stylesheet, which holds up the first paint.
// - The entry starts only after the prerendered page has been painted (startAfterFirstPaint):
//   a browser that has the script early (a fast network, a repeat visit) would otherwise run it
//   first and show nothing until the app has evaluated. On "/", a work page and /projects, whose
//   largest paint needs no script (the home page's copy; the work's cover, named by the address:
//   see PICK_TEMPLATE; the gallery's first cards' pictures, named by position: see
//   SHOW_EARLY_PICTURES), it is not even fetched before that paint (homeOrElsewhere, earlyOrNow).
import fs from "node:fs";
import path from "node:path";
import { createServer, type Plugin, type ResolvedConfig } from "vite";
import {
  HOME_ROUTE,
  patternSource,
  PRERENDERED_ROUTES,
  SHELL_ROUTE,
  type PrerenderedPage,
  type PrerenderedRoute,
} from "../src/prerender/prerendered-routes.ts";
import { EARLY_PICTURES_MARK } from "../src/prerender/early-pictures-mark.ts";
import { SIGNED_IN_MARK } from "../src/prerender/signed-in-mark.ts";

const ELSEWHERE = "prerendered-elsewhere";
/**
 * On a <template>: the page's largest paint needs no script (the home page's copy, a work's cover
 * named by the address), so nothing is fetched for the app before the page has been painted.
 */
const PAINTS_ALONE = "data-paints-alone";
/** On #root: the chunks its page needs, preloaded with the entry once the page is painted. */
const PRELOAD_AFTER_PAINT = "data-preload-after-paint";

/** How many requests one task starts (preloadEach). */
const PRELOADS_PER_TASK = 6;
const ADD_PRELOAD = `function (href) { var link = document.createElement("link"); link.rel = "modulepreload"; link.fetchPriority = "low"; link.href = href; document.head.appendChild(link); }`;

/**
 * Plain ES2017: adds a low-priority <link rel="modulepreload"> for each URL of the array `hrefs`.
 * `sliced` (once the page is painted): a few per task, since starting a request costs a slow
 * phone's main thread a few milliseconds, and a page's forty chunks in one go would hold it, and
 * a tap, for a fifth of a second. Before the first paint all at once: there is nothing to tap
 * yet, and timers in between put that paint off (measured: about 60 ms later, and the entry
 * started 100 ms later).
 */
const preloadEach = (hrefs: string, { sliced = false } = {}) =>
  sliced
    ? `(function preload(hrefs) { hrefs.slice(0, ${PRELOADS_PER_TASK}).forEach(${ADD_PRELOAD}); if (hrefs.length > ${PRELOADS_PER_TASK}) setTimeout(preload, 0, hrefs.slice(${PRELOADS_PER_TASK})); })(${hrefs});`
    : `${hrefs}.forEach(${ADD_PRELOAD});`;

/** Runs in the browser before the first paint; see the header comment. Plain ES2017. */
const PICK_TEMPLATE = `(function () {
  var root = document.getElementById("root");
  var path = location.pathname;
  if (root.getAttribute("data-prerendered") === path) return;
  var templates = document.querySelectorAll("template[data-route]");
  for (var i = 0; i < templates.length; i++) {
    var t = templates[i];
    var route = t.getAttribute("data-route");
    if (route !== "*" && !new RegExp(route).test(path)) continue;
    var page = t.content.cloneNode(true);
    // An image the page names by its parameters (a work's cover): the made-up ones it was
    // rendered with give way to the address's, before the page is in the document, which alone
    // fetches images.
    var rendered = t.getAttribute("data-path").split("/");
    var actual = path.split("/");
    var images = page.querySelectorAll("img[data-path-src]");
    for (var j = 0; j < images.length; j++) {
      var src = images[j].getAttribute("src");
      for (var k = 1; k < rendered.length; k++) if (rendered[k] !== actual[k]) src = src.split("/" + rendered[k]).join("/" + actual[k]);
      images[j].setAttribute("src", src);
      images[j].onerror = function () { this.hidden = true; };
    }
    root.replaceChildren(page);
    root.setAttribute("data-prerendered", t.getAttribute("data-path"));
    if (t.getAttribute("data-title")) document.title = t.getAttribute("data-title");
    // A page painted whole without its scripts has its chunks preloaded once that paint is done
    // (startAfterFirstPaint); any other's were preloaded by the <head> script (homeOrElsewhere).
    if (t.hasAttribute("${PAINTS_ALONE}")) root.setAttribute("${PRELOAD_AFTER_PAINT}", t.getAttribute("data-preload"));
    else root.removeAttribute("${PRELOAD_AFTER_PAINT}");
    break;
  }
  document.documentElement.classList.remove("${ELSEWHERE}");
})();`;

/**
 * In the <head> of a page whose first cards' pictures are named by position (the gallery's,
 * data-early-src: components/works/work-grid.tsx), in place of its preload links. The pictures
 * are wanted only on the very address it was rendered for (a query string is another gallery,
 * which React renders afresh) and only by a browser not signed in (a signed-in visitor's list
 * leaves out whom they mute: src/prerender/signed-in-mark.ts). There nothing is fetched for the
 * app before the first paint, so a slow phone's bandwidth goes to the stylesheet and the
 * pictures; elsewhere the entry and the page's chunks at once. Plain ES2017.
 */
const earlyOrNow = (route: PrerenderedRoute, hrefs: string[]) =>
  `<script>(function () { var signedIn = false; try { signedIn = localStorage.getItem(${JSON.stringify(SIGNED_IN_MARK)}) !== null; } catch (e) {} ` +
  `if (location.pathname === ${JSON.stringify(route.path)} && location.search === "" && !signedIn) document.documentElement.setAttribute("${EARLY_PICTURES_MARK}", ""); ` +
  `else ${preloadEach(JSON.stringify(hrefs))} })();</script>`;

/**
 * After #root on a page with early pictures: sets their sources where earlyOrNow wanted them; its
 * largest paint then needs no script. The mark stays: the cards show the same pictures while
 * their own load. Elsewhere it shows none, and its chunks were preloaded at once, not after the
 * first paint. Plain ES2017.
 */
const SHOW_EARLY_PICTURES = `(function () {
  var root = document.getElementById("root");
  if (!document.documentElement.hasAttribute("${EARLY_PICTURES_MARK}")) {
    root.removeAttribute("${PRELOAD_AFTER_PAINT}");
    return;
  }
  var images = root.querySelectorAll("img[data-early-src]");
  for (var i = 0; i < images.length; i++) {
    images[i].onerror = function () { this.hidden = true; };
    images[i].src = images[i].getAttribute("data-early-src");
  }
})();`;

/**
 * At the end of <body>, in place of Vite's <script type="module">: starts the entry once the
 * browser reports the prerendered page's first contentful paint (a frame's callbacks run before
 * it is on screen, so requestAnimationFrame alone is too early, and so is the load event), or at
 * once in a hidden tab, which paints nothing (a prerendering browser's tab is hidden too); and in
 * any case a few seconds after the load event. The chunks a page that paints alone needs (the
 * home page, PAINTS_ALONE) are preloaded then too. Plain ES2017.
 */
const startAfterFirstPaint = (entry: string) => `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
    ${preloadEach(`(document.getElementById("root").getAttribute("${PRELOAD_AFTER_PAINT}") || "").split(" ").filter(Boolean)`, { sliced: true })}
  }
  if (document.hidden) return start();
  document.addEventListener("visibilitychange", start, { once: true });
  // A safety net: should a browser never report the paint, the app still starts.
  window.addEventListener("load", function () { setTimeout(start, 3000); }, { once: true });
  if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf("paint") >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
})();`;

/** Vite's entry <script>, taken out of the built index.html: each page says when it loads. */
function takeEntryScript(html: string): { html: string; entry: string } {
  const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!tag) throw new Error("prerender: the built index.html has no entry <script type=module>");
  return { html: html.replace(tag[0], ""), entry: tag[1] };
}

/** A page index.html answers for, as the <head> script below finds it. */
type IndexRoute = { source: string; chunks: string[]; paintsAlone: boolean };

/**
 * In index.html's <head>. On any address but "/", #root (the home page) is not displayed, nor
 * laid out, until PICK_TEMPLATE has put the right page there, so the home page never flashes;
 * and the page is found as PICK_TEMPLATE will find it (the first route whose expression matches,
 * "*" last) and its entry and chunks are preloaded at once, while the rest of the HTML (the
 * templates) is still being parsed: the largest paint of those pages needs their data, so their
 * script is wanted as early as can be. Unless the page paints alone: then, as on "/", nothing is
 * fetched for the app before the first paint, so a slow phone's bandwidth goes to the stylesheet
 * and the page's own image until then (PICK_TEMPLATE leaves its chunks to startAfterFirstPaint).
 */
function homeOrElsewhere(entry: string, routes: IndexRoute[]): string {
  const table = JSON.stringify(routes.map(({ source, chunks, paintsAlone }) => [source, paintsAlone ? null : [entry, ...chunks]]));
  return (
    `<style>.${ELSEWHERE} #root{display:none}</style>` +
    `<script>if (location.pathname !== "/") (function () { document.documentElement.classList.add("${ELSEWHERE}"); ` +
    `var routes = ${table}; for (var i = 0; i < routes.length; i++) { if (routes[i][0] !== "*" && !new RegExp(routes[i][0]).test(location.pathname)) continue; ` +
    `if (routes[i][1]) ${preloadEach("routes[i][1]")} break; } })();</script>`
  );
}

/** How the inline scripts match a route of index.html: its expression's source, or "*" for any. */
const routeSource = (route: PrerenderedRoute) => (route.pattern === "*" ? "*" : patternSource(route.pattern));

/** Whether a page's largest paint needs no script: it names an image by the address (PICK_TEMPLATE). */
const paintsAlone = (page: PrerenderedPage) => page.body.includes("data-path-src");
/** Whether a page served from its own folder shows pictures before its data (SHOW_EARLY_PICTURES). */
const hasEarlyPictures = (page: PrerenderedPage) => page.body.includes("data-early-src");

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The text of the first <title> in `html`, unescaped as an attribute will need it. */
function titleText(html: string): string {
  const text = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  /** Page module (relative to the root) → the URLs of its chunk and of what it imports. */
  const preloads = new Map<string, string[]>();

  return {
    name: "prerender-public-pages",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])),
      );
      // What the entry loads is already preloaded by the HTML Vite writes.
      const loadedByEntry = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) walk(imported, into);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) walk(chunk.fileName, loadedByEntry);
      for (const chunk of chunks.values()) {
        if (!chunk.facadeModuleId) continue;
        const needed = new Set<string>();
        walk(chunk.fileName, needed);
        const module = path.relative(config.root, chunk.facadeModuleId).split(path.sep).join("/");
        // The page's own chunk, then the largest first: they take longest to arrive.
        const size = (file: string) => (file === chunk.fileName ? Infinity : (chunks.get(file)?.code.length ?? 0));
        preloads.set(
          module,
          [...needed]
            .filter((file) => !loadedByEntry.has(file))
            .sort((x, y) => size(y) - size(x))
            .map((file) => `${config.base}${file}`),
        );
      }
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexFile = path.join(outDir, "index.html");
      const { html: template, entry } = takeEntryScript(fs.readFileSync(indexFile, "utf8"));
      const server = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: "warn",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        // Only Node renders here: no browser dependencies to prebundle, and a cache of its own, so
        // a dev server running meanwhile (the e2e suite's) keeps its prebundled dependencies.
        optimizeDeps: { noDiscovery: true, include: [] },
        cacheDir: path.join(config.cacheDir, "prerender"),
      });
      try {
        const { renderPage } = (await server.ssrLoadModule("/src/prerender/render-page.tsx")) as {
          renderPage: (path: string, convexUrl: string) => Promise<PrerenderedPage>;
        };
        // The client never connects while prerendering; the URL only has to be well formed.
        const convexUrl = (config.env.VITE_CONVEX_URL as string | undefined) || "http://127.0.0.1:3210";
        const render = async (route: PrerenderedRoute) => ({ route, page: await renderPage(route.path, convexUrl) });
        const chunksOf = (route: PrerenderedRoute) => preloads.get(route.pageModule) ?? [];
        const preloadLinks = (route: PrerenderedRoute) =>
          [entry, ...chunksOf(route)].map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`).join("");
        // Replacements are functions: a "$" in a page's text must not read as a pattern.
        const pageHtml = (
          route: PrerenderedRoute,
          page: PrerenderedPage,
          { after = "", headExtra = preloadLinks(route), rootExtra = "" } = {},
        ) =>
          template
            .replace(/<title>[^<]*<\/title>/, () => `${page.head}${headExtra}`)
            .replace(
              '<div id="root"></div>',
              () =>
                `<div id="root" data-prerendered="${escapeAttribute(route.path)}"${rootExtra}>${page.body}</div>${after}<script>${startAfterFirstPaint(entry)}</script>`,
            );

        const home = await render(HOME_ROUTE);
        const others = [];
        for (const route of [...PRERENDERED_ROUTES, SHELL_ROUTE]) others.push(await render(route));

        // Static hosts serve a route without parameters from its own folder (below), so
        // index.html carries only the pages they answer with it: every byte here is parsed on
        // every such page, and on the home page after its first paint.
        const servedByIndex = others.filter(({ route }) => route.pattern.includes(":") || route.pattern === "*");
        const templates = servedByIndex
          .map(({ route, page }) =>
            [
              `<template data-route="${escapeAttribute(routeSource(route))}"`,
              ` data-path="${escapeAttribute(route.path)}" data-title="${escapeAttribute(route.pattern === "*" ? "" : titleText(page.head))}"`,
              paintsAlone(page) ? ` data-preload="${escapeAttribute(chunksOf(route).join(" "))}" ${PAINTS_ALONE}>` : ">",
              `${page.body}</template>`,
            ].join(""),
          )
          .join("");
        fs.writeFileSync(
          indexFile,
          pageHtml(home.route, home.page, {
            after: `${templates}<script>${PICK_TEMPLATE}</script>`,
            headExtra: homeOrElsewhere(
              entry,
              servedByIndex.map(({ route, page }) => ({
                source: routeSource(route),
                chunks: chunksOf(route),
                paintsAlone: paintsAlone(page),
              })),
            ),
            // The home page's copy is its largest paint.
            rootExtra: ` ${PRELOAD_AFTER_PAINT}="${escapeAttribute(chunksOf(home.route).join(" "))}"`,
          }),
        );

        for (const { route, page } of others) {
          if (route.pattern.includes(":") || route.pattern === "*") continue;
          const dir = path.join(outDir, route.path);
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(
            path.join(dir, "index.html"),
            hasEarlyPictures(page)
              ? pageHtml(route, page, {
                  headExtra: earlyOrNow(route, [entry, ...chunksOf(route)]),
                  rootExtra: ` ${PRELOAD_AFTER_PAINT}="${escapeAttribute(chunksOf(route).join(" "))}"`,
                  after: `<script>${SHOW_EARLY_PICTURES}</script>`,
                })
              : pageHtml(route, page),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}
